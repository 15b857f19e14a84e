# One large batch (30000 distinct addresses inside pad(), 64 KiB of code):
# the queries and answers are far larger than a pipe's buffer, so writing
# and reading must interleave.  Each distinct address is asked once, and
# every answer lands on its own address.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
padfn
build prog pad.c
w=$(rel prog work)
p=$(rel prog pad)
awk -v w=$((w)) -v p=$((p)) 'BEGIN {
	print "#sp samples 1"
	for (i = 0; i < 30000; i++)
		printf "a\t1\tt\t1\t0\t1\t\tprog!0x%x;prog!0x%x\n", p + 16 + i, w
}' >in.tsv
sp-symbolize -b prog in.tsv >out 2>err || exit 1
grep -q '^sp-symbolize: prog: 30001/30001 addresses resolved in' err || exit 1
[ "$(grep -c '	prog!pad;prog!work$' out)" -eq 30000 ] || exit 1
