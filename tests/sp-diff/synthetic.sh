# False alarms and power of the test of sets of runs, on synthetic sets of
# known spread (mkruns.awk; fixed seeds, so the counts never change):
# normal, skewed (lognormal) and heavy-tailed (t, 3 df) noise.
#  A/A: 40 comparisons of 5 runs against 5 of one workload: the gate
#	(--fail-above 1) may fail where the level allows: at most k of 40,
#	k the 99.9% point of Binomial(40, 0.05).
#  A/B: app!compute 25% longer, 5 runs a side, and 10% longer, 10 runs a
#	side: named a regression in at least the 0.1% point of
#	Binomial(40, 0.9) (so power 90% or more is what passes), and no
#	other frame (app!main, its caller, excepted) named.
# Prints the counts (the golden) and checks the bounds.
bound() {	# bound N P: the smallest k with P(X > k) < 0.001
	awk -v n="$1" -v p="$2" 'BEGIN {
		q = (1 - p) ^ n; c = q
		for (k = 0; k < n && 1 - c >= 0.001; k++) {
			q *= (n - k) / (k + 1) * p / (1 - p); c += q
		}
		print k }'
}
aa=$(bound 40 0.05)
pw=$((40 - $(bound 40 0.1)))
# Each side of comparison i is set i of its folder, drawn from seeds of
# its own (even for a, odd for b).
for kind in normal skew heavy; do
	rm -rf a5 b5 g5 a10 g10
	awk -v out=a5 -v runs=5 -v seed=0 -v sets=40 -v kind=$kind \
	    -f "$T/mkruns.awk" &&
	awk -v out=b5 -v runs=5 -v seed=1 -v sets=40 -v kind=$kind \
	    -f "$T/mkruns.awk" &&
	awk -v out=g5 -v runs=5 -v seed=1 -v sets=40 -v kind=$kind \
	    -v grow=25 -f "$T/mkruns.awk" &&
	awk -v out=a10 -v runs=10 -v seed=0 -v sets=40 -v kind=$kind \
	    -f "$T/mkruns.awk" &&
	awk -v out=g10 -v runs=10 -v seed=1 -v sets=40 -v kind=$kind \
	    -v grow=10 -f "$T/mkruns.awk" || exit 1
	fa=0 hit5=0 hit10=0 other=0
	for i in $(seq -w 1 040); do
		sp-diff --fail-above 1 a5/$i b5/$i > /dev/null 2>&1
		st=$?
		[ $st -eq 3 ] && fa=$((fa + 1))
		[ $st -eq 0 ] || [ $st -eq 3 ] || exit 1
		sp-diff --fail-above 1 a5/$i g5/$i > /dev/null 2> err5
		sp-diff --fail-above 1 a10/$i g10/$i > /dev/null 2> err10
		grep -q 'regression: app!compute:' err5 && hit5=$((hit5 + 1))
		grep -q 'regression: app!compute:' err10 && hit10=$((hit10 + 1))
		for e in err5 err10; do
			grep 'regression:' $e |
			    grep -v -e 'app!compute:' -e 'app!main:' |
			    grep -q . && other=$((other + 1))
		done
	done
	echo "$kind: A/A gate failures $fa/40 (at most $aa)," \
	    "+25% at 5 runs named $hit5/40, +10% at 10 runs $hit10/40" \
	    "(at least $pw), another frame named $other/80"
	[ $fa -le $aa ] && [ $hit5 -ge $pw ] && [ $hit10 -ge $pw ] &&
	    [ $other -le $aa ] || exit 1
done
