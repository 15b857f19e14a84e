# Processed v71: frameTable.flags; lib 0 with bit 1 clear means no library.
cp "$T/v71.json" . && sp-flatten v71.json
