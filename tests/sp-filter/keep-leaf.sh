# --keep-leaf: the innermost frame is the frame; empty stacks go
sp-filter --keep-leaf app!fib "$T/in.sp"
