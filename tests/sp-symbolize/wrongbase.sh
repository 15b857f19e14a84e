# A samply-style profile (addresses relative to the first PT_LOAD) given
# a wrong --base: every address falls outside the binary's code, which is
# said once with a count; the frames stay unnamed.  The right base names
# them.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog -fPIE -pie
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" ""
	columns
	sample 1 "prog!$(rel prog main);prog!$(rel prog work)"
	sample 1 "prog!$(rel prog main);prog!$mark"
} >in.tsv
for b in 0x400000 0; do
	echo "== --base $b"
	sp-symbolize -q -b prog --base $b in.tsv >out 2>err
	echo "status $?"
	cat err
	grep -v '^#' out | sed 's/prog!0x[0-9a-f]*/prog!ADDR/g'
done
