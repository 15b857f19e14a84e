sp-speedscope "$T/../sp-fxprof/small.sp" > /dev/full
