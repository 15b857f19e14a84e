#sp samples 1
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	1	main	1	0.5	10	1000	app!main @ m.c:5;app!hot @ h.c:12
app	1	main	1	1.0	4	500	app!main @ m.c:5;app!hot @ h.c:14
app	1	main	1	1.5	3	300	app!main @ m.c:6;app!hot @ h.c:20;app!hot @ h.c:20;app!hot @ h.c:12
app	1	main	1	2.0	2	200	app!main @ m.c:7;app!hot @ h.c:21;libc.so!memcpy @ x.c:1
app	1	main	1	2.5	5		app!main @ m.c:8;app!outer @ o.c:3;app!hot_inner @ h.c:30 (inlined)
app	1	main	1	3.0	1		app!main @ m.c:9;app!hot
app	1	main	1	3.5	7	700	app!main @ m.c:9;app!cold @ c.c:2
app	1	main	1	4.0	1	100	
