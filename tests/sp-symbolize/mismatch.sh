# The profile's codeId is not the binary's build id: a warning, the frames
# are kept, exit status 1; --force uses the file anyway.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" 00112233445566778899aabbccddeeff00112233
	columns
	sample 1 "prog!$(rel prog work)"
} >in.tsv
sp-symbolize -q -b prog in.tsv >out 2>err
st=$?
sed "s|$(buildid prog)|BUILDID|" err
grep -v "^#lib" out | sed "s/prog!0x[0-9a-f]*/prog!ADDR/"
echo "status $st"
sp-symbolize -q --force -b prog in.tsv | tail -n 1
