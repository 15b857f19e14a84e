# --collapse-lib: consecutive frames of the library become one frame named by it
sp-filter --collapse-lib libc.so.6 "$T/in.sp" | grep -v "^#"; echo ==; printf "p\t1\tt\t1\t0\t1\t\tL!a;L!b;x;L!c;Lx!d;L\n" | sp-filter --collapse-lib L
