# A symbolizer that dies mid-way (a stand-in for llvm-symbolizer that
# answers one address and exits with status 3): a message, the answered
# frame resolved, the others kept unchanged, exit status 1.
. "$T/fixtures.inc"
need gcc nm readelf objcopy
padfn
build prog pad.c
cat >fake-symbolizer <<'EOS'
#!/bin/sh
read -r a
printf 'first_one\n/src/x.c:1:0\n\n'
exit 3
EOS
chmod +x fake-symbolizer
{
	printf '#sp samples 1\n'
	columns
	sample 1 "prog!$(rel prog main);prog!$(rel prog work);prog!$mark"
} >in.tsv
sp-symbolize -q --symbolizer ./fake-symbolizer -b prog in.tsv >out 2>err
st=$?
cat err
echo "status $st"
grep -q "	prog!first_one;prog!$(rel prog work);prog!$mark\$" out || exit 1
grep -q '^#symbolized	prog	prog	llvm-symbolizer	1/3$' out || exit 1
# The same with a batch larger than a pipe holds: writing the rest of the
# batch fails (EPIPE, SIGPIPE ignored) and must neither kill nor hang us.
p=$(rel prog pad)
awk -v p=$((p)) 'BEGIN { print "#sp samples 1"
	for (i = 0; i < 30000; i++) printf "a\t1\tt\t1\t0\t1\t\tprog!0x%x\n", p + 16 + i }' >big.tsv
sp-symbolize -q --symbolizer ./fake-symbolizer -b prog big.tsv >out 2>err
echo "status $?"
cat err
[ "$(grep -c '	prog!0x' out)" -eq 29999 ] || exit 1
