# Processed v56: shared.stringArray with per-thread tables.
cp "$T/v56.json" . && sp-flatten v56.json
