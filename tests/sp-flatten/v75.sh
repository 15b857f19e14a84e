# Processed v75: funcTable.flags (resource 0 without bit 2), frameTable.flags.
cp "$T/v75.json" . && sp-flatten v75.json
