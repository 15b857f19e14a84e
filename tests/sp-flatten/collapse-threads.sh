# -c with -l is a usage error.
sp-flatten -c -l "$T/v0.json"
