# A frame that occurs in no sample: no node, and it says so.
sp-tree --callers "app!nothere" "$T/tree.sp"
sp-tree --callees "app!nothere" --tsv "$T/tree.sp" | sed -n "/^#tree/,\$p"
