# stream -> sp-pprof -> sp-flatten -> sp-aggregate gives the aggregate of
# the stream, row by row, and its weight and cpu totals (not its line
# counts: pprof merges the lines of one thread and stack), without source
# lines, which sp-flatten's pprof frames leave out: on the hand-made
# stream (lines, inline frames, addresses, escapes), the demo profile and,
# when ../shared/corpus is there, its samply, Firefox, Gecko and perf
# profiles of up to 300 KB.  A library whose name has a '/' (perf's
# "//anon") comes back as its name's last component, as sp-flatten names a
# pprof mapping.
. "$TOP/tests/lib/pprof-reader"
sp-flatten "$TOP/tests/data/demo-profile.json" > demo.sp || exit 1
set -- "$T/small.sp" demo.sp
C=${SHARED:+$SHARED/corpus}
if [ -n "$C" ] && [ -d "$C" ]; then
	for f in "$C"/samply/*.json* "$C"/firefox-processed/*.json* \
	    "$C"/gecko/*.json* "$C"/perf-script/*; do
		[ "$(wc -c < "$f")" -le 300000 ] || continue
		b=${f##*/}
		sp-flatten "$f" > "c.$b.sp" 2>/dev/null || continue
		set -- "$@" "c.$b.sp"
	done
fi
n=0 bad=0
for s; do
	n=$((n + 1))
	if ! sp-pprof "$s" > p.pb.gz || ! sp-flatten p.pb.gz > back.sp ||
	    ! sp-aggregate back.sp > back.agg ||
	    ! sp-aggregate --no-lines "$s" > want.agg; then
		echo "${s##*/}: failed"
		bad=$((bad + 1))
		continue
	fi
	for t in want back; do
		grep -aE '^#total	(weight|cpu)	' $t.agg > $t.tot
		grep -av '^#' $t.agg | awk -F'\t' -v OFS='\t' '{
			i = index($5, "!")
			if (i > 1 && substr($5, 1, i - 1) ~ /\//) {
				l = substr($5, 1, i - 1); sub(/.*\//, "", l)
				$5 = l substr($5, i)
			}
			print }' | LC_ALL=C sort > $t.rows
	done
	if ! cmp -s want.tot back.tot || ! cmp -s want.rows back.rows; then
		echo "${s##*/}: the round trip differs:"
		diff want.tot back.tot | head -4
		diff want.rows back.rows | head -6
		bad=$((bad + 1))
	fi
done
echo "$n streams, $bad differ"
[ "$n" -ge 2 ] && [ "$bad" -eq 0 ]
