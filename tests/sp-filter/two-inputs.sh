# two inputs: one magic line, both header blocks
sp-filter --keep-leaf app!fib "$T/in.sp" "$T/in.sp"
