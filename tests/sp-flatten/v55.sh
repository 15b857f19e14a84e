# Processed v55: timeDeltas prefix sum, cpu µs (first sample 0, null 0), a null-stack sample, an empty thread.
cp "$T/v55.json" . && sp-flatten v55.json
