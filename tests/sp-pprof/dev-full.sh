sp-pprof "$T/small.sp" > /dev/full
