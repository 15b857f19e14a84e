# --profile /dev/stdin, a pipe or a FIFO reads like --profile - (the profile
# is read more than once: a pipe is kept in a file first); the report is
# that of the file, but for the name of the input.
p=$TOP/tests/data/demo-profile.json
norm() { tail -n +2 | sed 's/, from .*//'; }
sp-hotspots --profile "$p" --top 3 | norm > want || exit 1
[ "$(grep -c '' want)" -gt 8 ] || { echo "short report"; cat want; exit 1; }
for how in - /dev/stdin; do
	cat "$p" | sp-hotspots --profile "$how" --top 3 > got || exit 1
	norm < got | cmp -s - want || { echo "$how differs"; diff want got; exit 1; }
done
mkfifo fifo || exit 1
cat "$p" > fifo &
sp-hotspots --profile fifo --top 3 > got || exit 1
wait
norm < got | cmp -s - want || { echo "fifo differs"; diff want got; exit 1; }
head -n 1 got | grep -q '^profile  fifo ' || { head -n 1 got; exit 1; }
echo ok
