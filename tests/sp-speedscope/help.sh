sp-speedscope -h
