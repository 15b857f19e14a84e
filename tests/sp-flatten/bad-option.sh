# An unknown option: the usage on stderr, status 1.
sp-flatten -x "$T/v0.json"
