# Pipe mode (perf record -o -): refused with the reason (sp-flamegraph then
# lets perf script read it: fallback.sh).
# One message naming the file and the offset, exit 1, nothing on stdout.
cp "$T/pipe.data" . && sp-flatten pipe.data
