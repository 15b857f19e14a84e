#sp samples 1
#units	time=ms	weight=samples	cpu=ns
#lib	0	[kernel.kallsyms]						
#lib	1	perf-4242.map	/tmp/perf-4242.map					
#columns	process	pid	thread	tid	time	weight	cpu	stack
node	4242	node	4242	1	1		node!0x10;perf-4242.map!LazyCompile:*fib app.js:3;[kernel.kallsyms]!do_syscall_64
node	4242	node	4242	2	3		node!0x10;perf-4242.map!LazyCompile:*fib app.js:3
node	4242	node	4242	3	2		node!0x10;perf-4242.map!0x7f001234
