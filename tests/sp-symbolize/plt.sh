# PLT stubs named NAME@plt, as perf report names them, for each linking
# that is installed: GNU ld lazy (.plt, .plt.got), GNU ld IBT (.plt.sec),
# -z now, -fno-plt, lld, lld IBT.  A sample at every stub objdump names
# (it names them from the relocations too) must come out as objdump's
# name; the lazy header (PLT0, objdump's "<.plt>" or "<X@plt-0x10>") and
# the IBT .plt's lazy stubs stay bare addresses.
. "$T/fixtures.inc"
need gcc readelf objdump llvm-symbolizer
printf 'int tiny(int x) { return x * 3 + 1; }\n' >plttiny.c
gcc -O2 -fPIC -shared -o libplttiny.so plttiny.c || exit 1
cp "$T/plt.c" . || exit 1
fail=0 tried=0
check() {
	_v=$1
	shift
	command -v "$1" >/dev/null 2>&1 || return 0
	"$@" -O2 -o prog plt.c -L. -lplttiny 2>/dev/null || return 0
	tried=$((tried + 1))
	_b=$(firstload prog)
	# objdump's stubs: address and name, one a line.
	objdump -d -j .plt -j .plt.sec -j .plt.got prog 2>/dev/null |
	    awk '/^[0-9a-f]+ <.*>:$/ { print $1, substr($2, 2, length($2) - 3) }' \
	    >stubs
	grep -q ' tiny@plt$' stubs || [ "$_v" = noplt ] || {
		echo "$_v: objdump names no tiny@plt" >&2
		fail=1
	}
	{
		printf '#sp samples 1\n'
		libline 0 prog "$PWD/prog" "$(buildid prog)"
		columns
		while read -r _a _n; do
			# Inside the stub, not at its start.
			sample 1 "prog!$(printf '0x%x' \
			    $((0x$_a + 6 - _b)))"
		done <stubs
	} >in.tsv
	sp-symbolize -q in.tsv | awk -F '\t' '!/^#/ { print $8 }' |
	    sed "s/^prog!//" >got
	while read -r _a _n; do
		case $_n in
		*@plt-0x*|.plt) printf '0x%x\n' $((0x$_a + 6 - _b)) ;;
		*) printf '%s\n' "$_n" ;;
		esac
	done <stubs >want
	if ! diff -u want got >&2; then
		echo "$_v: names differ (above)" >&2
		fail=1
	fi
}
check gnu gcc
check gnu-ibt gcc -Wl,-z,ibtplt
check gnu-now gcc -Wl,-z,now
check gnu-ibt-now gcc -Wl,-z,ibtplt,-z,now
check noplt gcc -fno-plt
if command -v ld.lld >/dev/null 2>&1; then
	check lld clang -fuse-ld=lld
	check lld-ibt clang -fuse-ld=lld -fcf-protection -Wl,-z,force-ibt
fi
[ "$tried" -gt 0 ] || { echo "skipped: no linking worked" >&2; exit 77; }
exit $fail
