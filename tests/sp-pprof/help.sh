sp-pprof -h
