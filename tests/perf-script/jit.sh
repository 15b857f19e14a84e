# JIT frames (perf-PID.map, jitdump's jitted-PID-N.so) are frames of those
# "libraries"; perf-map-agent's "outer->inner" names become one frame each,
# the inner ones " (inlined)".  Unknown symbols keep perf's (absolute)
# address as a frame without library; an unknown dso gives no library.
cp "$T/jit.txt" . && sp-flatten jit.txt
