# A fat Mach-O file (x86_64 + arm64, joined by llvm-lipo): the slice named
# by the library's arch is read (its __TEXT vmaddr), and llvm-symbolizer is
# told that arch.  The two slices differ (only_on_x86 exists in one).
. "$T/fixtures.inc"
need clang llvm-symbolizer llvm-nm
LD=
for c in ld64.lld ld64.lld-19 ld64.lld-18 ld64.lld-17 ld64.lld-16 \
    ld64.lld-15 ld64.lld-14; do
	command -v $c >/dev/null 2>&1 && { LD=$c; break; }
done
[ -n "$LD" ] || { echo "skipped: ld64.lld is not installed (lld)" >&2; exit 77; }
LIPO=
for c in llvm-lipo llvm-lipo-19 llvm-lipo-18 llvm-lipo-17 llvm-lipo-16 \
    llvm-lipo-15 llvm-lipo-14; do
	command -v $c >/dev/null 2>&1 && { LIPO=$c; break; }
done
[ -n "$LIPO" ] || { echo "skipped: llvm-lipo is not installed" >&2; exit 77; }
cp "$T/macho.c" . || exit 1
for a in arm64 x86_64; do
	clang -target $a-apple-macos11 -O2 -c macho.c -o m-$a.o 2>cc.err ||
	    { echo "skipped: clang cannot target $a-apple-macos11" >&2; exit 77; }
	$LD -arch $a -platform_version macos 11.0 11.0 -o m-$a m-$a.o ||
	    { echo "skipped: $LD cannot link for $a" >&2; exit 77; }
done
mrel() {
	_v=$(llvm-nm "$1" | awk -v s="$2" '$3 == s { print $1; exit }')
	[ -n "$_v" ] || { echo "no $2 in $1" >&2; exit 1; }
	printf '0x%x\n' $((0x$_v - 0x100000000))
}
$LIPO -create m-x86_64 m-arm64 -output fat || exit 1
{
	printf '#sp samples 1\n'
	libline 0 fat /Users/someone/fat "" x86_64
	libline 1 fat2 /Users/someone/fat "" arm64
	columns
	sample 1 "fat!$(mrel m-x86_64 _only_on_x86);fat2!$(mrel m-arm64 _work)"
} >fat.tsv
sp-symbolize -q --map fat="$PWD/fat" --map fat2="$PWD/fat" fat.tsv |
    tail -n 1
