# A full disk: a message and status 1 (also with -c and -l, one line each).
sp-flatten "$T/v55.json" > /dev/full
sp-flatten -c "$T/v55.json" > /dev/full
sp-flatten -l "$T/v55.json" > /dev/full
