# Several inputs make one stream: the magic line once, then #source,
# #format, #lib (deduplicated over the stream), #units and #columns for
# each input before its samples.
cp "$T/v51.json" . && cp "$T/gecko-presym.json" . && cp "$T/v49.json" . &&
sp-flatten v51.json gecko-presym.json v49.json
