# --absolute: z of the counts (c_b - c_a) / sqrt(c_a + c_b), "#z count";
# the runs' lengths and rates are compared, and a difference (or a table,
# which has no times) is said on stderr.  A frame whose count grew while
# its share fell shows both: delta_total > 0, pct_b < pct_a.
t=$(printf '\t')
mk() {	# mk FILE SECONDS: 100 samples a second, f in N1 of them, g in the rest
	awk -v s="$2" -v nf="$3" 'BEGIN {
	    print "#sp samples 1"
	    n = s * 100
	    for (i = 0; i < n; i++)
		printf "p\t1\tt\t1\t%d\t1\t\tapp!main;app!%s\n", i * 10, i < nf ? "f" : "g"
	}' > "$1"
}
mk a.sp 10 100
mk b.sp 10 130
mk c.sp 20 130
sp-diff --absolute a.sp b.sp | grep -v '^#[it]'
echo "status $?"
sp-diff a.sp b.sp | sp-top -w 200 | tail -n +3
echo "== runs of different lengths: f's count grew, its share fell"
sp-diff a.sp c.sp | sp-top -w 200 | tail -n +4
sp-diff --absolute a.sp c.sp > /dev/null; echo "status $?"
sp-aggregate a.sp > a.agg
sp-diff --absolute a.agg b.sp > /dev/null; echo "status $?"
sp-diff --absolute -n a.sp b.sp; echo "status $?"
