sp-speedscope -x "$T/../sp-fxprof/small.sp"
