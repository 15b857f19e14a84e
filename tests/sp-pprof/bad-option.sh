sp-pprof -x "$T/small.sp"
