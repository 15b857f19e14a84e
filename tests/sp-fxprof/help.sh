sp-fxprof -h
