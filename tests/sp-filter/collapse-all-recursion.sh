# --collapse-all-recursion: direct recursion of every frame
printf "p\t1\tt\t1\t0\t1\t\ta;a;b;b;b;a;c;c\n" | sp-filter --collapse-all-recursion; sp-filter --collapse-all-recursion "$T/in.sp" | grep -v "^#"
