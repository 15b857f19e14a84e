# Gecko v20: processes[], per-process startTime offsets and libs, absolute addresses mapped with offset (also above 2^53), cpu µs.
cp "$T/gecko-v20.json" . && sp-flatten gecko-v20.json
