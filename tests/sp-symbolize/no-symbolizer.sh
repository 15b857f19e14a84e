# No symbolizer installed (a PATH without llvm-symbolizer and addr2line):
# one sentence saying what to install, the frames kept, exit status 1.
. "$T/fixtures.inc"
need gcc nm readelf objcopy
build prog
{
	printf '#sp samples 1\n'
	columns
	sample 1 "prog!$(rel prog work)"
} >in.tsv
cp in.tsv want
spdir=$(dirname "$(command -v sp-symbolize)")
PATH=$spdir sp-symbolize -q -b prog in.tsv >out 2>err
st=$?
cat err
[ $st -eq 1 ] || exit 1
grep -v '^#symbolized' out | cmp - want || exit 1
grep -q "^#symbolized	prog	prog	failed	0/1$" out || exit 1
