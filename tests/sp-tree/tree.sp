#sp samples 1
#source	tree.json
#format	processed 55
#lib	0	app	/usr/bin/app					x86_64
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	1	main	1	0	1	1000000	app!main;app!f;app!f;app!f;app!g
app	1	main	1	1	2	2000000	app!main;app!f;app!g
app	1	main	1	2	1	1000000	app!main;app!f
app	1	main	1	3	3	3000000	app!main;app!a;app!b;app!a;app!b;app!c
app	1	main	1	4	1	1000000	app!main;app!a;app!b;app!c
app	1	main	1	5	2	0	
app	1	main	1	6	1	500000	app!main;app!Dim<[usize\; 2]>::new;app!g
app	1	worker 1	2	0	2	2000000	app!start;app!a;app!b;app!a
app	1	worker 1	2	1	1		app!start;app!tab\there;app!g
app	1	worker 1	2	2	1		
