# A closed pipe (| head) ends the listing quietly, with status 0.
sp-annotate -C -e do_syscall_64 -e "*fib*" "$T/jit.sp" | head -n 1
