# Counts survive -c: for every profile of ../shared/corpus, sp-aggregate's
# #total headers (samples, weight, cpu, empty) and sp-top's summary line
# are the same with and without -c, and tables of halves merged again keep
# them (sp(5): the samples column of a version 2 stream).
C=${SHARED:+$SHARED/corpus}
if [ -z "$C" ] || [ ! -d "$C/expected" ]; then
	echo "../shared/corpus is absent: count checks skipped" >&2
	exit 77
fi
n=0 bad=0
for f in "$C"/samply/*.json* "$C"/samply-upgraded/*.json* \
    "$C"/firefox-processed/*.json* "$C"/gecko/*.json* \
    "$C"/perf-script/*; do
	[ -f "$f" ] || continue
	b=${f##*/}
	n=$((n + 1))
	if ! sp-flatten "$f" 2>/dev/null | sp-aggregate >all 2>err ||
	    ! sp-flatten -c "$f" | sp-aggregate >col 2>>err; then
		echo "$b: failed: $(head -n 2 err)"
		bad=$((bad + 1))
		continue
	fi
	grep '^#total' all >want
	grep '^#total' col >got
	sp-top <all | head -n 1 >want.top
	sp-top <col | head -n 1 >got.top
	# Halves of the -c stream (by line), aggregated apart, then merged.
	sp-flatten -c "$f" >s
	awk 'NR % 2' s | sp-aggregate >h1
	awk '/^#/ || NR % 2 == 0' s | sp-aggregate >h2
	sp-aggregate h1 h2 | grep '^#total' >merged
	if ! cmp -s want got || ! cmp -s want.top got.top ||
	    ! cmp -s want merged; then
		echo "$b: counts differ with -c:"
		diff want got | head -n 4
		diff want.top got.top | head -n 2
		diff want merged | head -n 4
		bad=$((bad + 1))
	fi
done
echo "$n profiles: totals with and without -c compared, $bad differ"
[ "$n" -gt 60 ] && [ "$bad" -eq 0 ]
