sp-tree -h
