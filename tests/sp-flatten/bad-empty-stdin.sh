# Empty standard input.
sp-flatten < /dev/null
