#sp samples 1
#source	small.json
#format	processed 55
#lib	0	app	/home/u/app/target/release/app	app	/home/u/app/target/release/app	00112233445566778899aabbccddeeff		
#lib	1	libc.so.6	/usr/lib/libc-2.36.so	libc.so.6			ABCDEF0123456789ABCDEF01234567890	
#units	time=ms	weight=samples	cpu=ns
#columns	process	pid	thread	tid	time	weight	cpu	stack
app	42	main	42	0	1	1000	libc.so.6!0x29d90;app!0x1f30;app!0x2a10
app	42	main	42	1	2	2000	libc.so.6!0x29d90;app!0x1f30;app!0x2a10
app	42	main	42	2	1	1000	libc.so.6!0x29d90;app!0x1f30;0xdeadbeef
app	42	worker	43	3	1	500	app!main @ src/main.rs:10;app!helper @ src/lib.rs:5 (inlined);app!leaf @ src/lib.rs:7 (inlined)
app	42	worker	43	4	1		app!orphan @ src/o.rs:1 (inlined);app!Dim<[usize\; 2]>::new
app	42	worker	43	5	3	0	app!f;libc.so.6!memcpy (inlined)
app	42	worker	43	6	1	700	
\#weird	7	t\tab	8	7	0	900	!bang;app!0x00ff;js::run
app	42	main	42	8	1	1000	libc.so.6!0x29d90;app!0x1f30;app!0x2a10
				9	5		app!0x0;app!leaf @ src/lib.rs:7 (inlined)
