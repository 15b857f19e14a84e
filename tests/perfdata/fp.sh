# Frame-pointer recordings (perf record -g) of hot.c and inline.c: the
# stream sp-flatten reads from perf.data is the one of sp's perf script
# path, and so is the named table (setup's same).
. "$T/setup"
workloads
record hot.data -g ./hot 0.3
same hot.data
record inline.data -g ./inline 0.3
same inline.data
