# The Firefox Profiler's own code as the oracle: every profile of
# ../shared/corpus, of every format sp-flatten reads (samply and Firefox
# Profiler JSON of every version, Gecko, perf script, folded stacks, pprof,
# .cpuprofile and Chrome traces, speedscope), goes through sp-flatten and
# sp-fxprof; pq (the Firefox Profiler CLI 0.10.0, tests/lib/pq) loads the
# written profile, and per thread its function table (self and total) and
# CPU time equal sp-aggregate's of the same stream (pq-compare.py says
# how).
#
# pq takes seconds to start and load a profile (tens of seconds on a busy
# machine), so the streams go to sp-fxprof several at a time, as several
# inputs of one profile, each file's pids prefixed with its number so that
# its threads stay its own; a stream of more than 5 MB is the merged one of
# sp-flatten -c (the same figures, and the samples column exercised); a
# stream that is the same as one before but for its #source and #format
# (the corpus's upgraded copies of a samply profile) is left out.
# Skipped (said) without the corpus, npm or node, and under the
# sanitizers: it is a comparison of figures with the Firefox Profiler's,
# minutes of pq, and the goldens and tests/sp-fxprof/perfdata run
# sp-fxprof's code under them.
[ "${SP_SANITIZED:-}" != 1 ] ||
    { echo "the corpus through pq is run by the plain pass only" >&2; exit 77; }
. "$TOP/tests/lib/pq"
pq_setup
C=$SHARED/corpus
# Stream bytes per profile loaded.
LIMIT=${SP_FXPROF_BATCH:-30000000}
nf=0 bad=0 same=0 nb=0 size=0
: > seen
: > batch

check() {
	[ -s batch ] || return 0
	nb=$((nb + 1))
	# shellcheck disable=SC2046
	if ! sp-fxprof -o "b$nb.json" $(cat batch) 2> err; then
		echo "batch $nb: sp-fxprof failed: $(cat err)"
		bad=$((bad + 1))
	else
		cat $(cat batch) > "b$nb.sp"
		pq_load "b$nb.json"
		if ! python3 "$T/pq-compare.py" "$PQ_TMP/$PQ_SESSION.sock" \
		    "b$nb.sp" "b$nb.json" > out 2> err; then
			echo "batch $nb ($(tr '\n' ' ' < names)): pq and" \
			    "sp-aggregate differ ($(cat out)):"
			head -n 12 err
			bad=$((bad + 1))
		fi
		rm -f "b$nb.sp"
	fi
	: > batch
	: > names
	size=0
}

for f in "$C"/*/*; do
	case $f in
	*/expected/*|*/oracle/*|*.md|*symbolication-api*) continue ;;
	esac
	b=${f##*/}
	if ! sp-flatten "$f" > raw 2> err; then
		echo "$b: sp-flatten failed: $(cat err)"
		bad=$((bad + 1))
		continue
	fi
	nf=$((nf + 1))
	sum=$(grep -av '^#source	\|^#format	' raw | cksum)
	if grep -qxF "$sum" seen; then
		same=$((same + 1))
		continue
	fi
	echo "$sum" >> seen
	if [ "$(wc -c < raw)" -gt 5000000 ]; then
		sp-flatten -c "$f" > raw 2> err || {
			echo "$b: sp-flatten -c failed: $(cat err)"
			bad=$((bad + 1))
			continue
		}
	fi
	awk -v n="$nf" 'BEGIN { FS = OFS = "\t" }
	    /^#/ { print; next } { $2 = n ":" $2; print }' raw > "s$nf.sp"
	s=$(wc -c < "s$nf.sp")
	[ $((size + s)) -gt "$LIMIT" ] && check
	echo "s$nf.sp" >> batch
	echo "$b" >> names
	size=$((size + s))
done
check
pq_stop
echo "$nf profiles, $same the same stream as another, $nb profiles written" \
    "and loaded by pq, $bad differ"
[ "$nf" -ge 100 ] && [ "$bad" -eq 0 ]
