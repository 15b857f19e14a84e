#sp samples 1
#source	before.json
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	1	main	1	0	1	1000	app!main;app!work;app!hot
app	1	main	1	1	1	1000	app!main;app!work;app!hot
app	1	main	1	2	1	3000	app!main;app!work
app	1	main	1	3	1	1000	app!main;app!gone
app	1	main	1	4	1	1000	app!main;app!rec;app!rec;app!rec
app	1	main	1	5	1	1000	
