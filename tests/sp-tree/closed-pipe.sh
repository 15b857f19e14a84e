# A reader that goes away early (| head) ends sp-tree quietly.
awk "BEGIN { for (i = 0; i < 20000; i++)
	printf \"p\t1\tt\t1\t0\t1\t\tapp!main;app!f%d\n\", i }" > big.sp
{ sp-tree -m 0 big.sp 2> err; echo $? > st; } | head -n 1 > first
cat first
[ -s err ] && { echo "stderr:"; cat err; exit 1; }
exit 0
