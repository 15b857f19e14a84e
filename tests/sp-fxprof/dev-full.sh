sp-fxprof "$T/../sp-fxprof/small.sp" > /dev/full
