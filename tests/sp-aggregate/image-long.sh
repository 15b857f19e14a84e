sp-aggregate --image=libc.so.6 "$T/threads.sp"
