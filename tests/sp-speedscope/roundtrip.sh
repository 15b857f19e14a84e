# sp-flatten reads sp-speedscope's file back as the stream it was written
# from, but for the cpu column (speedscope has none), the threads (named by
# their profiles) and the weights of a stream weighted by time (in ns), so
# sp-aggregate of both gives every frame the same self and total, and the
# same total weight, once those in us or ms are scaled: on the hand-made
# stream, the demo profile, a perf.data recording (when perf can record)
# and, when ../shared/corpus is there, its profiles of up to 300 KB of
# every format (agg-compare.py).  Frames come back as they were written,
# " (inlined)" and " @ FILE:LINE" included.
sp-flatten "$TOP/tests/data/demo-profile.json" > demo.sp || exit 1
set -- "$T/../sp-fxprof/small.sp" demo.sp
if command -v perf >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 &&
    cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" &&
    perf record -e cpu-clock -g -q -o perf.data ./hot >/dev/null 2>&1; then
	sp-flatten perf.data > rec.sp || exit 1
	set -- "$@" rec.sp
fi
C=${SHARED:+$SHARED/corpus}
if [ -n "$C" ] && [ -d "$C" ]; then
	for f in "$C"/*/*; do
		case $f in
		*/expected/*|*/oracle/*|*.md) continue ;;
		esac
		[ "$(wc -c < "$f")" -le 300000 ] || continue
		b=${f##*/}
		sp-flatten "$f" > "c.$b.sp" 2>/dev/null || continue
		set -- "$@" "c.$b.sp"
	done
fi
n=0 bad=0
for s; do
	n=$((n + 1))
	scale=1
	case $(grep -m 1 '^#units	' "$s") in
	*weight=us*) scale=1000 ;;
	*weight=ms*|*weight=tracing-ms*) scale=1000000 ;;
	esac
	if ! sp-speedscope "$s" > s.json || ! sp-flatten s.json > back.sp ||
	    ! sp-aggregate back.sp > back.agg || ! sp-aggregate "$s" > want.agg
	then
		echo "${s##*/}: failed"
		bad=$((bad + 1))
		continue
	fi
	if ! python3 "$T/../sp-fxprof/agg-compare.py" want.agg back.agg \
	    "$scale" 0; then
		echo "${s##*/}: the round trip differs"
		bad=$((bad + 1))
	fi
done
echo "$n streams, $bad differ"
[ "$n" -ge 3 ] && [ "$bad" -eq 0 ]
