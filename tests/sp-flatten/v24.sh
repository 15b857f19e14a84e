# Processed v24: per-thread libs with start/end (a path as name), resourceTable.lib short and null.
cp "$T/v24.json" . && sp-flatten v24.json
