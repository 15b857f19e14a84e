# --collapse-recursion: direct recursion of that frame only
sp-filter --collapse-recursion app!fib "$T/in.sp" | grep -v "^#"; echo ==; sp-filter --collapse-recursion app!a "$T/in.sp" | grep -v "^#"
