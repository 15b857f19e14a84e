# A reader that goes away early (| head) ends sp-top quietly.
awk 'BEGIN { for (i = 0; i < 20000; i++)
	printf "%d\t%d\t0\t0\tapp!f%d\n", i, i, i }' > big.agg
{ sp-top 0 < big.agg 2> err; } | head -n 1 > first
cat first
[ -s err ] && { echo "stderr:"; cat err; exit 1; }
exit 0
