sp-top -h
