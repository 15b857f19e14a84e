sp-fxprof -x "$T/../sp-fxprof/small.sp"
