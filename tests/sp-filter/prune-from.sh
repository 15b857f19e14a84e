# --prune-from: a glob; the callees of the first matching frame go, the frame stays
sp-filter --prune-from 'app!r?n' "$T/in.sp" | grep -v '^#'
