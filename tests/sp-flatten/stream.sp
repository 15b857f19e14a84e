#sp samples 1
#source	app.json
#format	processed 55
#lib	0	app	/usr/bin/app					
#lib	1	libc.so.6	/lib/libc.so.6					x86_64
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	10	main	10	0.5	1	1000000	app!main;app!run;app!hot
app	10	main	10	1.5	1	1000000	app!main;app!run;app!hot
app	10	main	10	2.5	2	900000	app!main;app!run;libc.so.6!memcpy
app	10	worker\;1	11	1	1		app!start;app!work
app	10	worker\;1	11	2	1		app!start;app!work
app	10	worker\;1	11	3	1		app!start;app!work;app!hot
tool	20	tool	20	0.25	1	500000	tool!main
tool	20	tool	20	4	3	2500000	
