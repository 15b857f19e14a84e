# --repeat N -o DIR: N runs, each a compressed stream in DIR with its
# #run header (number, start, status); "A vs B" alternates into DIR/a and
# DIR/b; a run that fails ends the series with sp-record's status, the
# runs before it kept; bad uses: one line, status 1, nothing made.
. "$T/fake-setup"
sp-record -q --repeat 3 -o R -- echo hello > out 2> err; echo "status $?"
ls R
[ ! -s out ] || exit 1
for f in R/*; do
	gzip -dc "$f" | sed -n 2p |
	    sed 's/start=....-..-..T..:..:..Z/start=TIME/'
	gzip -dc "$f" | grep -c '^hot	'
done
echo "--- vs"
sp-record -q --repeat 2 -o V -- echo a vs echo b 2> err; echo "status $?"
(cd V && ls a b)
gzip -dc V/b/run-002.sp.gz | sed -n 2p | sed 's/start=[^	]*/start=TIME/'
echo "--- a run fails"
rm -f count
sp-record -q --repeat 5 -o F -- sh -c 'n=$(cat count 2>/dev/null || echo 0)
	n=$((n + 1)); echo $n > count; [ $n -lt 3 ]' 2> err
echo "status $?"
ls F
grep '^sp-record: --repeat' err
echo "--- errors"
check() {
	sp-record "$@" > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
check --repeat 0 -o Z -- echo
check --repeat x -o Z -- echo
check --repeat 2 -- echo
check --repeat 2 -o Z -p 1
check --repeat 2 -o Z -r -- echo
check --repeat 2 -o Z -- no-such-command-here
check --repeat 2 -o Z -- echo vs
check --repeat 2 -o R -- echo
[ ! -e Z ] || exit 1
