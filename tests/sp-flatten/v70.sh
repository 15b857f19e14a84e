# Processed v70: frame.lib (-1: none) instead of resourceTable.lib.
cp "$T/v70.json" . && sp-flatten v70.json
