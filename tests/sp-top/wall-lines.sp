#sp samples 1
#units	time=ms	weight=wall-ns	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
p	1	t	1	0	1500000	1000000	main @ a.c:3;f @ a.c:10
p	1	t	1	1	2500000	0	main @ a.c:3;[off-cpu: sleeping]
p	1	t	1	1	700000	700000	main @ a.c:3;f @ a.c:11
