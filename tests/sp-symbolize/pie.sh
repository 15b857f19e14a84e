# A PIE executable (first PT_LOAD at 0): names, the inline chain of an
# address inside leaf() (inlined into mid(), inlined into outer()), lines,
# --no-inline; other frames pass through unchanged.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog -fPIE -pie
[ "$(firstload prog)" = 0x0000000000000000 ] || { echo "not PIE" >&2; exit 1; }
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 3 "prog!$(rel prog main);prog!$mark"
	sample 2 "prog!$(rel prog main);prog!$(rel prog work);libc.so.6!0x1f00"
	sample 1 'js\;frame;0x7f00112233;prog!0x12zz;prog!main'
} >in.tsv
for o in "" -l --no-inline "-l --no-inline"; do
	echo "== $o"
	sp-symbolize -q --no-cache $o -b prog in.tsv | sed -e "s|$PWD|DIR|g" -e "s|$(buildid prog)|BUILDID|"
done
