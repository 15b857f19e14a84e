# make demo's flame graph is of the same recording as its table: the
# functions of tests/workloads/hot.c are in both (scripts/demo).  Skipped
# where perf cannot record.
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
[ "${SP_SANITIZED:-}" != 1 ] ||
    { echo "the live demo is run by the plain pass only" >&2; exit 77; }
bindir=$(dirname "$(command -v sp-flatten)")
sh "$TOP/scripts/demo" "$bindir" demo.svg >out 2>err
st=$?
if grep -q '^demo: perf could not record' err; then
	echo "perf cannot record here: $(grep '^demo-record:' err)" >&2
	exit 77
fi
[ $st -eq 0 ] || { echo "demo: exit status $st"; cat err; exit 1; }
# The table and the picture both name the hot functions (sp-top's NAME
# column; the SVG's frame titles).  The table ranks by self time: the
# leaves are in it; hot_caller, with none, only while fewer than 15 frames
# have some, which a busy machine's scheduler frames in the kernel undo.
for f in hot_leaf warm_leaf; do
	grep -q " hot!$f\$" out || { echo "the table has no hot!$f"; cat out; exit 1; }
done
for f in hot_leaf hot_caller warm_leaf; do
	grep -q "<title>hot!$f " demo.svg || { echo "the flame graph has no hot!$f"; exit 1; }
done
grep -q '^demo: the flame graph of this recording is .*demo.svg' out ||
    { echo "the demo does not say the flame graph is of this recording"; cat out; exit 1; }
! grep -q 'Triangle::hit' demo.svg ||
    { echo "the flame graph is of the bundled profile"; exit 1; }
