# Many samples of a few distinct stacks: exact sums, fast.
awk 'BEGIN { for (i = 0; i < 200000; i++)
	printf "p\t1\tt\t1\t%d.5\t%d\t%d\tapp!main;app!f%d;app!f%d\n",
	    i, i % 3, i % 5, i % 4, i % 2 }' > big.sp
sp-aggregate big.sp
