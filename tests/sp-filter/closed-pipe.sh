# A reader that goes away early (| head) ends sp-filter quietly.
awk 'BEGIN { for (i = 0; i < 200000; i++)
	printf "p\t1\tt\t1\t0\t1\t\tapp!main;app!f%d\n", i % 1000 }' > big.sp
{ sp-filter --merge app!main big.sp 2> err; echo $? > st; } | head -n 1
[ -s err ] && { echo "stderr:"; cat err; exit 1; }
exit 0
