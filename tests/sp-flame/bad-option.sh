# a bad option: usage on stderr, exit 1
sp-flame --no-such-option
