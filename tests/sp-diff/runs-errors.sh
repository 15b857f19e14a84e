# Bad sets of runs: one line on stderr, status 1, nothing on stdout.
mkdir a b empty sub bad units || exit 1
awk -v out=a -v runs=3 -v seed=1 -f "$T/mkruns.awk" || exit 1
awk -v out=b -v runs=3 -v seed=2 -f "$T/mkruns.awk" || exit 1
cp a/* sub/ && mkdir sub/inner
cp a/* bad/ && echo "not a profile" > bad/notes.txt
cp a/* units/ && sed 's/weight=samples/weight=ns/' a/run-002.sp > units/run-002.sp
cp -r a gone && ln -s nowhere gone/run-004.sp
cp -r a fifo && mkfifo fifo/run-004.sp
check() {
	sp-diff "$@" > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
check empty b
check sub b
check a bad
check a units
check gone b
check fifo b
check a/run-001.sp a/run-002.sp vs b
check a b/run-001.sp
check a vs b vs a
check vs a b
check a b vs
check - vs b
check -n a b
check --shares a/run-001.sp b/run-001.sp
check --level 100 a b
check --fail-frame app!wlk a b
