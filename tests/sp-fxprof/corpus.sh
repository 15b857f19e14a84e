# The Firefox Profiler's own code as the oracle: every profile of
# ../shared/corpus, of every format sp-flatten reads (samply and Firefox
# Profiler JSON of every version, Gecko, perf script, folded stacks, pprof,
# .cpuprofile and Chrome traces, speedscope), goes through sp-flatten and
# sp-fxprof; pq (the Firefox Profiler CLI 0.10.0, tests/lib/pq) loads the
# written profile, and per thread its function table (self and total) and
# CPU time equal sp-aggregate's of the same stream (pq-compare.py says
# how).  A profile that sp-fxprof writes byte for byte as it wrote one
# before (the corpus's upgraded copies of a samply profile) is loaded once.
# Skipped (said) without the corpus, npm or node.
. "$TOP/tests/lib/pq"
pq_setup
C=$SHARED/corpus
n=0 bad=0 same=0
: > seen
for f in "$C"/*/*; do
	case $f in
	*/expected/*|*/oracle/*|*.md|*symbolication-api*) continue ;;
	esac
	b=${f##*/}
	if ! sp-flatten "$f" > s.sp 2> err; then
		echo "$b: sp-flatten failed: $(cat err)"
		bad=$((bad + 1))
		continue
	fi
	if ! sp-fxprof -o p.json s.sp 2> err; then
		echo "$b: sp-fxprof failed: $(cat err)"
		bad=$((bad + 1))
		continue
	fi
	n=$((n + 1))
	sum=$(cksum < p.json)
	if grep -qxF "$sum" seen; then
		same=$((same + 1))
		continue
	fi
	echo "$sum" >> seen
	pq_load p.json
	if ! python3 "$T/pq-compare.py" "$PQ_TMP/$PQ_SESSION.sock" s.sp p.json \
	    > out 2> err; then
		echo "$b: pq and sp-aggregate differ ($(cat out)):"
		head -n 12 err
		bad=$((bad + 1))
	fi
done
pq_stop
echo "$n profiles written, $((n - same)) loaded by pq, $bad differ"
[ "$n" -ge 100 ] && [ "$bad" -eq 0 ]
