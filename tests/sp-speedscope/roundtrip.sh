# sp-flatten reads sp-speedscope's file back as the stream it was written
# from, but for the cpu column (speedscope has none), the threads (named by
# their profiles) and the weights of a stream weighted by time (in ns), so
# sp-aggregate of both gives every frame the same self and total, and the
# same total weight, once those in us or ms are scaled: on the hand-made
# stream, the demo profile, a perf.data recording (when perf can record)
# and, when ../shared/corpus is there, its profiles of up to 300 KB of
# every format (agg-compare.py).  Frames come back as they were written,
# " (inlined)" and " @ FILE:LINE" included.
SMALL="$T/../sp-fxprof/small.sp"
. "$TOP/tests/lib/roundtrip-inputs"
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
