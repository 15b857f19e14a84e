# Frames with an escaped ";" and tab: one frame each, shown unescaped;
# the exact frame, escaped, names it for --callers.
sp-tree -m 0 --tsv "$T/tree.sp" | grep -F "\\"
sp-tree --callees "app!Dim<[usize\\; 2]>::new" "$T/tree.sp"
sp-tree --callers "app!tab\\there" "$T/tree.sp"
