# --tidy: inferno's name clean-ups (argument lists, Rust hashes and $..$
# escapes, Java's 'L' in java* processes, _[i] for Java inlining).
sp-flatten --help 2>&1 | grep -q -e --tidy || { echo "sp-flatten has no --tidy yet" >&2; exit 77; }
cp "$T/names.txt" "$T/jit.txt" "$T/rust.txt" . &&
for f in names.txt jit.txt rust.txt; do sp-flatten --tidy $f | grep -v '^#'; done
