# The profile of a small stream that has a bit of everything: two
# processes, a thread with an escaped name, address frames of a library
# with a build id (its breakpad id made from it), a kernel, a JIT and an
# off-CPU frame, source lines and an inlined frame, an empty stack, a line
# of two samples (-c), times out of order, a first sample with CPU time, an
# escaped ';' and '\' in a name, bytes that are not UTF-8, a frame outside
# every library.  Pretty-printed by python3 for a readable golden.
sp-fxprof "$T/small.sp" > p.json || exit 1
python3 -m json.tool --indent 1 p.json
