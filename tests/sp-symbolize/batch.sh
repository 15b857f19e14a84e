# One large batch (30000 distinct addresses past the end of the binary,
# which llvm-symbolizer names after the last symbol, _end):
# the queries and answers are far larger than a pipe's buffer, so writing
# and reading must interleave.  Each distinct address is asked once, and
# every answer lands on its own address.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
w=$(rel prog work)
awk -v w=$((w)) 'BEGIN {
	print "#sp samples 1"
	for (i = 0; i < 30000; i++)
		printf "a\t1\tt\t1\t0\t1\t\tprog!0x%x;prog!0x%x\n", 65536 + i, w
}' >in.tsv
sp-symbolize -b prog in.tsv >out 2>err || exit 1
grep -q '^sp-symbolize: prog: 30001/30001 addresses resolved in' err || exit 1
[ "$(grep -c '	prog!_end;prog!work$' out)" -eq 30000 ] || exit 1
