# DWARF recordings (perf record --call-graph dwarf): the user stacks are
# unwound by unwind.h, perf's by libunwind; the streams and the named
# tables must be the same but for the loader's start-up, before main
# (setup's same_dwarf says why), callers shown one byte before their
# return address as perf shows them.
# A sample in ld.so's start-up that perf leaves without user frames (seen
# under the sanitizers) passes by setup's rule for it.
. "$T/setup"
workloads
record hot.data --call-graph dwarf ./hot 0.3
same_dwarf hot.data
record inline.data --call-graph dwarf,4096 ./inline 0.3
same_dwarf inline.data
