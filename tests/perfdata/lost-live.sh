# A recording that loses samples (a ring buffer of 4 pages, DWARF stacks,
# a high rate on a busy shell loop): when perf lost samples, the stream's
# #lost header gives perf's counts of the same file (perf report --stats:
# the event's LOST_SAMPLES and its SAMPLE events); when it lost none
# (a fast machine), there is no #lost header (setup's perf_lost).  No
# fixed numbers.
. "$T/setup"
workloads
record lost.data -F 10000 -m 4 --call-graph dwarf,4096 \
    sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'
sp-flatten lost.data 2>/dev/null >s || exit 1
perf=$(perf_lost lost.data)
lost=${perf%%	*}
rec=${perf#*	}
mine=$(sed -n 's/^#lost	//p' s)
echo "perf: $lost lost, $rec recorded; sp: ${mine:-no #lost}" >&2
if [ "$lost" -gt 0 ]; then
	[ "$mine" = "$perf" ] || { echo "sp's #lost is not perf's" >&2; exit 1; }
else
	[ -z "$mine" ] || { echo "a #lost header where perf lost none" >&2; exit 1; }
fi
