# A binary that is not the one profiled: the profile's addresses (of a
# build with 64 KiB more code before main) fall outside this binary's code,
# and one falls in its PLT, where the symbol table alone would name it
# _init.  Both are warned about once, with a count, and left unnamed; the
# address that is in a function of this binary is named.  Exit status 0.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
padfn
build other pad.c
build prog
plt=$(readelf -SW prog | awk '$2 == ".plt" { print $4; exit }')
[ -n "$plt" ] || { echo "skipped: no .plt in the test binary" >&2; exit 77; }
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" ""
	columns
	sample 1 "prog!$(rel other outer);prog!$(rel other work)"
	sample 1 "prog!$(rel prog main);prog!$(printf '0x%x' $((0x$plt + 4)))"
} >in.tsv
sp-symbolize -q -b prog in.tsv >out 2>err
echo "status $?"
cat err
grep -v '^#' out | sed 's/prog!0x[0-9a-f]*/prog!ADDR/g'
