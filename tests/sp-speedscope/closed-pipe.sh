# A reader that goes away early ends sp-speedscope quietly.
awk 'BEGIN { for (i = 0; i < 200000; i++)
	printf "p\t1\tt\t1\t%d\t1\t\tapp!main;app!f%d\n", i, i }' > big.sp
{ sp-speedscope big.sp 2> err; echo $? > st; } | head -c 100 > first
[ -s first ] || { echo "no output"; exit 1; }
[ -s err ] && { echo "stderr:"; cat err; exit 1; }
exit 0
