# sp-flatten reads sp-fxprof's profile back as the stream it was written
# from, up to what sp-fxprof(1) says it does not give back, so
# sp-aggregate of both gives every frame the same self, total and CPU time,
# and the same total weight and CPU time: on the hand-made stream, the demo
# profile, a perf.data recording (when perf can record) and, when
# ../shared/corpus is there, its profiles of up to 300 KB of every format
# (roundtrip-corpus checks all of them, by lines of the aggregate).
# Normalised on the stream's side: " (inlined)" marks (uninline.py) and
# " @ FILE:LINE" lines (functions and frames in the profile, which
# sp-flatten reads by function name).
# Sample and empty-stack counts are not compared: a line of several samples
# is one sample, and a thread whose first sample has CPU time gets one
# more.  Streams weighted by time come back in whole ms (sp-flatten reads
# a processed profile's weights as integers): for those only the frames
# and CPU times are compared.
SMALL="$T/small.sp"
. "$TOP/tests/lib/roundtrip-inputs"
n=0 bad=0 approx=0
for s; do
	n=$((n + 1))
	if ! sp-fxprof "$s" > p.json || ! sp-flatten p.json > back.sp ||
	    ! sp-aggregate back.sp > back.agg; then
		echo "${s##*/}: failed"
		bad=$((bad + 1))
		continue
	fi
	python3 "$T/uninline.py" < "$s" | sp-aggregate --no-lines > want.agg ||
	    exit 1
	if grep -q '^#units	.*weight=\(ns\|us\|ms\|tracing-ms\)	' "$s"; then
		approx=$((approx + 1))
		grep -v '^#' want.agg | cut -f 3- | sort > want.rows
		grep -v '^#' back.agg | cut -f 3- | sort > back.rows
		cmp -s want.rows back.rows && continue
		echo "${s##*/}: the round trip differs (CPU times, frames):"
		diff want.rows back.rows | head -n 6
		bad=$((bad + 1))
		continue
	fi
	if ! python3 "$T/agg-compare.py" want.agg back.agg 1 1; then
		echo "${s##*/}: the round trip differs"
		bad=$((bad + 1))
	fi
done
echo "$n streams, $approx weighted by time, $bad differ"
[ "$n" -ge 3 ] && [ "$bad" -eq 0 ]
