# A full disk: said, exit 1.
sp-annotate -C do_syscall_64 "$T/jit.sp" >/dev/full
