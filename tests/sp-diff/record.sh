# Three real recordings (sp-record, perf -e cpu-clock:u) of the workload of
# tests/workloads/twice.c, which does the same work in every run except
# that grow_leaf does FACTOR units a round: a1 and a2 with factor 1, b with
# factor 2 (grow_leaf twice the work).
#  - a1 -> b: grow_leaf is the first significant increase of self, its
#    callers' totals grow by as much, and the gate exits 3;
#  - a1 -> a2: no frame with more than 1% of the samples is flagged.
# User time only (:u): the kernel's interrupt frames come in bursts, which
# are not the workload's.  Address-space randomisation is off where
# setarch can turn it off: with it, perf's DWARF unwinder reaches _start
# in some runs and not in others, a real difference between recordings
# that is not sampling noise.
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recordings skipped under sanitizers" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
command -v cc >/dev/null 2>&1 || { echo "no C compiler" >&2; exit 77; }
cc -g -O2 -o twice "$TOP/tests/workloads/twice.c" || exit 1
norand=
setarch "$(uname -m)" -R true 2>/dev/null && norand="setarch $(uname -m) -R"
rec() {
	$norand sp-record -e cpu-clock:u -- ./twice 50 "$1" > "$2" 2> "$2.err"
	st=$?
	if [ $st -eq 3 ]; then
		echo "perf cannot record here: $(tail -n 1 "$2.err")" >&2
		exit 77
	fi
	[ $st -eq 0 ] || { cat "$2.err" >&2; exit 1; }
}
rec 1 a1.sp
rec 1 a2.sp
rec 2 b.sp
fail() { echo "$*" >&2; cat d.tsv >&2; exit 1; }

sp-diff a1.sp b.sp > d.tsv || fail "sp-diff a1 b failed"
# The significant increases (z >= 3, delta_self > 0), largest self first.
first=$(awk -F'\t' '!/^#/ && $9 >= 3 && $5 > 0' d.tsv | sort -t "$(printf '\t')" -k5,5nr |
    head -n 1 | cut -f10)
[ "$first" = "twice!grow_leaf" ] || fail "first significant increase: $first"
delta() { awk -F'\t' -v f="$1" '!/^#/ && $10 == f { print $6 }' d.tsv; }
# A frame's total in a1: the steady work under it varies a little from run
# to run (more on a loaded machine), so its growth may differ by a part of
# it.
before() { awk -F'\t' -v f="$1" '!/^#/ && $10 == f { print $2 }' d.tsv; }
grow=$(delta twice!grow_leaf)
echo "grow_leaf: total +$grow" >&2
for f in twice!grow_caller twice!round_ twice!main; do
	d=$(delta "$f")
	echo "$f: total +$d" >&2
	# The same growth, give or take the noise of the steady part.
	b=$(before "$f")
	awk -v g="$grow" -v d="${d:-0}" -v b="${b:-0}" -v f="$f" 'BEGIN {
	    t = g / 4 < 10 ? 10 : g / 4
	    if (f != "twice!grow_caller") t += (b - g) * 0.25
	    exit !(g > 0 && d - g <= t && g - d <= t) }' ||
	    fail "$f grew by ${d:-nothing}, grow_leaf by $grow"
done
sp-diff --fail-above 5 a1.sp b.sp > /dev/null 2> gate.err
[ $? -eq 3 ] || fail "the gate did not fail"
grep -q 'regression: twice!grow_leaf:' gate.err || fail "$(cat gate.err)"
sp-diff --fail-frame '*grow_leaf' a1.sp b.sp > /dev/null 2>&1
[ $? -eq 3 ] || fail "--fail-frame '*grow_leaf' did not fail"
sp-diff --fail-frame '*steady_leaf' a1.sp b.sp > /dev/null 2>&1 ||
    fail "--fail-frame '*steady_leaf' failed: its share fell"

sp-diff a1.sp a2.sp > d.tsv || fail "sp-diff a1 a2 failed"
awk -F'\t' '!/^#/ && ($7 > 1 || $8 > 1) && ($9 >= 3 || $9 <= -3)' d.tsv > flagged
[ ! -s flagged ] || fail "flagged in two runs of the same work: $(cat flagged)"
sp-diff --fail-above 0 a1.sp a2.sp > /dev/null || fail "the gate failed on noise"
