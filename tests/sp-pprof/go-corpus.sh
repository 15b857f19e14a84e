# go tool pprof -top on sp-pprof's output of the corpus profiles (those of
# ../shared/corpus with an expected table, up to 100 KB each, to bound the
# time go tool pprof takes) prints the self and total figures of
# sp-aggregate | sp-top for every frame (named as pprof_view says), by
# weight (cpu time: go-top.sh, go-lines.sh).
. "$TOP/tests/lib/pprof"
C=${SHARED:+$SHARED/corpus}
if [ -z "$C" ] || [ ! -d "$C/expected" ]; then
	echo "../shared/corpus is absent: corpus checks skipped" >&2
	exit 77
fi
n=0 bad=0
for f in "$C"/samply/*.json* "$C"/firefox-processed/*.json* \
    "$C"/gecko/*.json* "$C"/perf-script/*; do
	b=${f##*/}
	[ -f "$C/expected/$b.tsv" ] || case $b in *.perf*|*.txt*) ;; *) continue ;; esac
	[ "$(wc -c < "$f")" -le 100000 ] || continue
	n=$((n + 1))
	if ! sp-flatten "$f" > s 2> err || ! sp-pprof s > p.pb.gz 2>> err ||
	    ! pprof_view s | sp-aggregate > agg 2>> err; then
		echo "$b: failed: $(cat err)"
		bad=$((bad + 1))
		continue
	fi
	if ! pprof_nodes p.pb.gz 0 > go.txt; then
		echo "$b: go tool pprof failed"
		bad=$((bad + 1))
		continue
	fi
	sp_nodes agg > sp.txt
	if ! cmp -s sp.txt go.txt; then
		echo "$b: differs:"
		diff sp.txt go.txt | head -5
		bad=$((bad + 1))
	fi
done
echo "$n corpus profiles, $bad differences"
[ "$n" -ge 10 ] && [ "$bad" -eq 0 ]
