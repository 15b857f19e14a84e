# sp-flamegraph --perfdata on a file sp-flatten refuses (pipe mode: perf
# record -o -) falls back to perf script, and -v says so and why; the
# picture has the workload's hot function.  (perf.data files it reads:
# tests/sp-flamegraph/record, counts.)
. "$T/setup"
workloads
command -v sp-flame >/dev/null 2>&1 || { echo "sp-flame is not built" >&2; exit 77; }
if ! perf record -e cpu-clock -q -g -o - ./hot 0.3 >pipe.data 2>rec.err; then
	echo "perf cannot record here: $(tail -n 1 rec.err)" >&2
	exit 77
fi
sp-flamegraph -v --perfdata pipe.data -o p.svg 2>err || { cat err >&2; exit 1; }
grep -q '^sp-flamegraph: perf script reads pipe.data: a perf.data stream of pipe mode' err ||
    { cat err >&2; exit 1; }
grep -q 'perf --no-pager script -i pipe.data' err || { cat err >&2; exit 1; }
n=$(sed -n "s/.*<title>hot!hot_leaf (\([0-9,]*\) samples.*/\1/p" p.svg)
echo "hot_leaf: $n samples" >&2
[ -n "$n" ] && [ "$n" != 0 ]
