#sp samples 2
#source	before.json
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack	samples
app	1	main	1	0	2	2000	app!main;app!work;app!hot	2
app	1	main	1	2	1	3000	app!main;app!work	1
app	1	main	1	3	1	1000	app!main;app!gone	1
app	1	main	1	4	1	1000	app!main;app!rec;app!rec;app!rec	1
app	1	main	1	5	1	1000		1
