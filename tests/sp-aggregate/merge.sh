# The merge property: aggregating the aggregates of the parts gives exactly
# the aggregate of the whole, however the samples are split.
whole=$T/threads.sp
sp-aggregate "$whole" > whole.agg || exit 1
n=$(wc -l < "$whole")
i=1
while [ "$i" -lt "$n" ]; do
	head -n "$i" "$whole" > p1
	tail -n +"$((i + 1))" "$whole" > p2
	sp-aggregate p1 > p1.agg && sp-aggregate p2 > p2.agg || exit 1
	sp-aggregate p1.agg p2.agg > merged || exit 1
	cmp merged whole.agg || { echo "split at line $i differs"; exit 1; }
	# A table merged with the other part's samples, too.
	sp-aggregate p1.agg p2 | cmp - whole.agg || exit 1
	i=$((i + 1))
done
# Three ways, through standard input.
sp-aggregate "$T/nocpu.sp" > b.agg
sp-aggregate "$whole" "$T/nocpu.sp" "$whole" > all.agg
cat whole.agg | sp-aggregate - b.agg whole.agg | cmp - all.agg || exit 1
echo ok
