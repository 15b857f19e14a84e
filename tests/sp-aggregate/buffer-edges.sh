# Lines split ahead of their turn come from the reader's buffer (1 MiB):
# lines across its end, lines longer than it, and a stream several times
# its size must count as the general path counts them, plain and gzip.
awk 'BEGIN {
	long = "x"
	for (i = 0; i < 20; i++)
		long = long ";" long
	print "#sp samples 2"
	for (i = 0; i < 40000; i++) {
		s = "f" (i % 7)
		for (k = 0; k < i % 13; k++)
			s = s ";g" (k * i % 5)
		printf "p\t1\tt\t%d\t%d.%d\t%d\t%d\t%s\n", i % 3, i, i % 10,
		    1 + i % 4, i % 100, s
		if (i % 9999 == 0)
			printf "p\t1\tt\t1\t0\t1\t\t%s\t%d\n", long, 1 + i % 5
	}
}' > in
sp-aggregate in > plain
cat plain
gzip -c in | sp-aggregate | cmp - plain
