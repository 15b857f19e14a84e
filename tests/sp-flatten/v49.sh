# Processed v49: a time column, weights > 1, cpu in µs (the first sample counts 0), pid/tid with reuse suffixes.
cp "$T/v49.json" . && sp-flatten v49.json
