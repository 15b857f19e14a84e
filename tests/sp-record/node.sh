# node --perf-basic-prof writes /tmp/perf-PID.map for its JIT code:
# sp-record's stream (sp's reading of the perf.data, right after the
# recording) names the frames in node's anonymous executable memory from
# it, as perf script does (perf-PID.map!JS:*NAME FILE:LINE), both hot
# JavaScript functions among them, each in a good share of the samples;
# one process, one thread sampled for the program (node's own helper
# threads aside), none of the recorder's (sp-record-exec, perf-exec).
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
command -v node >/dev/null 2>&1 || { echo "node is not installed" >&2; exit 77; }
cp "$TOP/tests/workloads/spin.js" app.js || exit 1
sp-record -- node --perf-basic-prof app.js 25 >out 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
pid=$(awk -F'\t' '!/^#/ && $1 == "node" { print $2; exit }' out)
rm -f "/tmp/perf-$pid.map"
[ -n "$pid" ] || { echo "no sample of node" >&2; exit 1; }
all=$(grep -vc '^#' out)
for f in spinOne spinTwo; do
	n=$(grep -c "perf-$pid\\.map!JS:[^;	]*$f [^;	]*app\\.js" out)
	echo "$f named in $n of $all samples" >&2
	[ "$n" -ge $((all / 10)) ] || exit 1
done
# JIT code is named from the perf map; what V8 does not write there (code
# made and dropped between two map lines, stubs it does not log) stays a
# bare address, as sp says what it cannot name.  On a loaded machine one
# sample in a thousand or so lands there (seen once in a hunt run): more
# than 1% means the map is not read.
bare=$(grep -v '^#' out | awk -F'\t' '$NF ~ /(^|;)0x/' | wc -l)
echo "bare JIT addresses in $bare of $all samples" >&2
[ $((bare * 100)) -le "$all" ] || exit 1
! grep -q '^[^#]*	\(sp-record-exec\|perf-exec\)	' out ||
    { echo "the recorder's own samples" >&2; exit 1; }
[ "$(awk -F'\t' '!/^#/ { print $1 }' out | sort -u)" = node ] || exit 1
