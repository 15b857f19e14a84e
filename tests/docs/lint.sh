# The man pages are lint-clean, and there is one per program plus sp(5).
command -v mandoc >/dev/null 2>&1 || { echo "mandoc is not installed" >&2; exit 77; }
for src in "$TOP"/tools/*.c "$TOP"/scripts/sp-*; do
	[ -f "$src" ] || continue
	t=$(basename "$src" .c)
	[ -f "$TOP/man/$t.1" ] || { echo "no man page for $t"; exit 1; }
done
[ -f "$TOP/man/sp.5" ] || { echo "no man/sp.5"; exit 1; }
out=$(mandoc -Tlint -Wwarning "$TOP"/man/*.[1-9] 2>&1)
[ -z "$out" ] || { echo "$out"; exit 1; }
