#sp samples 2
#source	small.json
#format	processed 55
#lib	0	app	/nonexistent/app	app		9a9c6aeba5df4178de1633b0b8bbb4c27cdc2c41		
#lib	1	[kernel.kallsyms]						
#lib	2	perf-7.map	/tmp/perf-7.map					
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack	samples
app	7	app	7	2.5	1	1000000	app!0x1f30;app!0x2a10
app	7	app	7	1.5	3	0	app!main;app!parse @ src/p.c:12;app!lex @ src/l.c:40 (inlined)
app	7	app	7	3.5	1	500000	app!main;app!parse @ src/p.c:13;[kernel.kallsyms]!do_syscall_64
app	7	worker\t1	8	4	2	2000000	app!main;perf-7.map!LazyCompile:*run	2
app	7	worker\t1	8	5	1		
app	7	worker\t1	8	6	1	0	app!main;app!a\;b\\c;[off-cpu: sleeping]
\#tool	9		9	0.25	1		café!fÿ;0x7fff0010
