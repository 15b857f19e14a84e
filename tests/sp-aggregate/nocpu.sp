#sp samples 1
#source	nocpu.json
#format	samply processed 55
#lib	0	app	/usr/bin/app				abc		x86_64
#lib	1	libc.so.6	/lib/x86_64-linux-gnu/libc.so.6						x86_64
#units	time=ms	weight=samples	cpu=none
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	100	main	100	0	1		app!main;app!run;app!fib;app!fib;app!fib
app	100	main	100	1.25	1		app!main;app!run;app!fib;app!fib
app	100	main	100	2.5	2		app!main;app!run;libc.so.6!memcpy
app	100	main	100	3.75	1		app!main;app!parse;app!Dim<[usize\; 2]>::new;libc.so.6!malloc
app	100	main	100	5	1		
app	100	worker 1	101	0	1		app!start;app!work;libc.so.6!0x1a2b
app	100	worker 1	101	1	3		app!start;app!work;app!fib
app	100	worker 1	101	2	1		app!start;app!work;libc.so.6!0x1a2b
app	100	worker 1	101	3	1		
app	100	worker 1	101	4	2		app!start;app!work;app!run;app!fib;libc.so.6!memcpy
tool	200	tool	200	0.5	1		(root);js::Interpret;x\\y;0x7fff1234
tool	200	tool	200	1.5	1		(root);tab\there;0x7fff1234
