sp-filter -h
