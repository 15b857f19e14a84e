#sp samples 1
#source hand.json
#format processed 55
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	10	main	10	0.5	1	1000	app!main;app!run;app!fib;app!fib;app!fib
app	10	main	10	1.5	2	2000	app!main;app!run;app!a;app!b;app!a;app!b;app!leaf
app	10	main	10	2.5	1		
app	10	main	10	3.5	3	500	app!main;libc.so.6!malloc;libc.so.6!_int_malloc;libc.so.6!sysmalloc
app	10	main	10	4.5	1	0	app!main;app!run;ndarray::Dim<[usize\; 2]>::f;app!tab\there
app	10	worker	11	5.5	4		std::rt::lang_start;app!main;core::ops::function::call;app!work;libc.so.6!memcpy
app	10	worker	11	6.5	1	100	std::rt::lang_start;app!main;core::ops::function::call;app!work
\#odd	20	t\;1	21	7.5	5		app!main;app!run;app!fib;app!x;app!fib
