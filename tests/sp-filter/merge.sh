# --merge removes the frame everywhere; a stack made empty stays, empty
sp-filter --merge app!fib --merge libc.so.6!malloc "$T/in.sp"
printf "p\t1\tt\t1\t0\t1\t\ta;a\n" | sp-filter --merge a
