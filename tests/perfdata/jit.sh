# JIT frames (jit.data, mkfixtures.py): the anonymous executable mapping
# is named from perf-100.map, here kept in a directory of its own
# (--perf-map-dir): a named frame is perf-100.map!NAME, perf-map-agent's
# "A->B->C" becomes a frame and two inlined in it (as sp's perf script
# reader writes them), code the map does not name and the rw- anonymous
# mapping stay run-time addresses; with --annotate, _[j] and _[i].
# Without the map every JIT frame is a run-time address.  perf script's
# text of the same sample (jit.txt) gives the same stacks.
cp "$T/jit.data" . && mkdir maps && cp "$T/jitmap/perf-100.map" maps/ || exit 1
sp-flatten --perf-map-dir maps jit.data 2>/dev/null | grep -v '^#' &&
sp-flatten --perf-map-dir maps --annotate jit.data 2>/dev/null | grep -v '^#' &&
sp-flatten --perf-map-dir nowhere jit.data 2>/dev/null | grep -v '^#' &&
sp-flatten --perf-map-dir maps jit.data 2>/dev/null | grep '^#lib' &&
sp-flatten "$T/jit.txt" 2>/dev/null | grep -v '^#' &&
sp-flatten --annotate "$T/jit.txt" 2>/dev/null | grep -v '^#'
