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
# sp-flamegraph reads perf.data itself, and so does sp-record: the SVG's
# counts and sp-record's totals equal sp-flatten's on the same file
# exactly (tests/sp-record/routes compares perf script's reading).
sp-flatten perf.data | sp-symbolize -m -q | sp-aggregate >own || exit 1
sp-flamegraph --perfdata perf.data -o g.svg 2>err || { cat err >&2; exit 1; }
wellformed g.svg
for f in 'inline!main' 'inline!spin' 'inline!rest'; do
	want=$(awk -F'\t' -v f="$f" '!/^#/ && $5 == f { print $2 }' own)
	rec=$(awk -F'\t' -v f="$f" '!/^#/ && $5 == f { print $2 }' agg)
	got=$(count g.svg "$f")
	echo "$f: sp-flatten $want, sp-record $rec, SVG $got" >&2
	[ -n "$want" ] && [ "$want" -gt 0 ] && [ "$got" = "$want" ] &&
	    [ "$rec" = "$want" ] || exit 1
done
sp-flamegraph --perfdata perf.data --no-inline -o n.svg 2>err || { cat err >&2; exit 1; }
titles n.svg | grep -q '(inlined)' && exit 1
[ "$(count n.svg 'inline!spin')" = "$(count g.svg 'inline!spin')" ]
