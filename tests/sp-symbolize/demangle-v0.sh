# Every Rust v0 name ("_R...") that the Rust toolchain's librustc_driver
# exports, demangled in process (dwarf_demangle, dwarf_rust_v0.c) and by
# llvm-cxxfilt of LLVM 14 (the demangler of llvm-symbolizer 14): the same
# bytes for every name, the refused ones being those LLVM leaves as they
# are.  The figures go to standard error.  Skipped without LLVM 14's
# llvm-cxxfilt, without rustc or without nm.
for c in llvm-cxxfilt rustc nm; do
	command -v $c >/dev/null 2>&1 ||
	    { echo "skipped: $c is not installed" >&2; exit 77; }
done
llvm-cxxfilt --version 2>/dev/null | grep -q 'version 14\.' ||
    { echo "skipped: llvm-cxxfilt is not LLVM 14's, the oracle" >&2; exit 77; }
set -- "$(rustc --print sysroot 2>/dev/null)"/lib/librustc_driver-*.so
[ -f "$1" ] ||
    { echo "skipped: no librustc_driver in rustc's sysroot" >&2; exit 77; }
. "$T/build-demangle"
nm -D --defined-only "$1" | awk '$3 ~ /^_R/ { print $3 }' | sort -u >names ||
    exit 1
[ -s names ] || { echo "no _R names in $1" >&2; exit 1; }
llvm-cxxfilt <names >want || exit 1
./demangle <names >got || exit 1
total=$(wc -l <names)
accepted=$(paste names want | awk -F '\t' '$1 != $2' | wc -l)
differing=$(paste got want | awk -F '\t' '$1 != $2' | wc -l)
echo "$accepted of $total demangled by llvm-cxxfilt, $differing differing" >&2
[ "$differing" -eq 0 ] && exit 0
paste names got want | awk -F '\t' '$2 != $3 { print $1; print "  got  " $2;
    print "  want " $3 }' | head -n 30 >&2
exit 1
