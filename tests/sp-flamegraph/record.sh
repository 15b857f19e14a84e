# A real recording of a -g -O2 binary with inlining: flamegraph.svg has
# the hot function and the two functions inlined into it, named by
# sp-symbolize from the DWARF (perf script runs with --no-inline), and
# sp-flamegraph says where it wrote it.
. "$T/setup"
need_flame
real_perf
sp-flamegraph -- ./inline 0.5 >out 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
grep -q '^sp-flamegraph: wrote flamegraph.svg$' err || { cat err >&2; exit 1; }
grep -q 'rounds$' out || exit 1
wellformed flamegraph.svg
titles flamegraph.svg >t
n=$(count flamegraph.svg 'inline!spin')
echo "spin in $n samples" >&2
[ "$n" -ge 10 ] || exit 1
# All but the odd sample in spin's own few instructions (the add to sink)
# are in the loop inlined from mix through stir: 98% at least.
s=$(count flamegraph.svg 'inline!stir (inlined)')
m=$(count flamegraph.svg 'inline!mix (inlined)')
echo "stir in $s, mix in $m" >&2
[ "$s" -le "$n" ] && [ "$m" -le "$s" ] && [ "$m" -ge $((n * 98 / 100)) ] ||
    exit 1
grep -q '^inline!rest	' t || exit 1
# -v shows the pipeline: sp-flatten reads the perf.data itself, without
# perf script (tests/perfdata/fallback: when it cannot).
sp-flamegraph -v -o v.svg -- ./inline 0.2 >out 2>err || { cat err >&2; exit 1; }
grep -q 'sp-flatten reads .*perf.data itself$' err || { cat err >&2; exit 1; }
grep -q 'sp-flatten -c --source perf record .*perf.data | .*sp-symbolize -m -q |' err ||
    { cat err >&2; exit 1; }
