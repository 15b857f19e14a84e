# --collapse-indirect-recursion: all between the outermost and the innermost occurrence goes
sp-filter --collapse-indirect-recursion app!a "$T/in.sp" | grep -v "^#"; echo ==; sp-filter --collapse-indirect-recursion app!fib "$T/in.sp" | grep -v "^#"
