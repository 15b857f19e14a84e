# --perfdata: the counts in the SVG equal sp-aggregate's totals for the
# same recording converted by sp-record; --no-inline draws no inline
# frames.
. "$T/setup"
need_flame
real_perf
sp-record -o perf.data -- ./inline 0.5 >stream 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
sp-aggregate stream >agg || exit 1
# sp-flamegraph reads perf.data itself: its counts equal sp-flatten's on
# the same file exactly.  sp-record converts through perf script, whose
# own unwinder may stop short of main on a sample or two (where ours goes
# on: tests/perfdata/dwarf says where), so its totals may be lower by
# that, never higher, and by no more than 1%.
sp-flatten perf.data | sp-symbolize -m -q | sp-aggregate >own || exit 1
sp-flamegraph --perfdata perf.data -o g.svg 2>err || { cat err >&2; exit 1; }
wellformed g.svg
for f in 'inline!main' 'inline!spin' 'inline!rest'; do
	want=$(awk -F'\t' -v f="$f" '!/^#/ && $5 == f { print $2 }' own)
	perf=$(awk -F'\t' -v f="$f" '!/^#/ && $5 == f { print $2 }' agg)
	got=$(count g.svg "$f")
	echo "$f: sp-flatten $want, perf script $perf, SVG $got" >&2
	[ -n "$want" ] && [ "$want" -gt 0 ] && [ "$got" = "$want" ] || exit 1
	[ -n "$perf" ] && [ "$perf" -le "$want" ] &&
	    [ $((100 * (want - perf))) -le "$want" ] || exit 1
done
sp-flamegraph --perfdata perf.data --no-inline -o n.svg 2>err || { cat err >&2; exit 1; }
titles n.svg | grep -q '(inlined)' && exit 1
[ "$(count n.svg 'inline!spin')" = "$(count g.svg 'inline!spin')" ]
