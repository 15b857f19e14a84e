sp-tree --callees "app!f" "$T/tree.sp"
sp-tree --callees "app!f" -m 0 --tsv "$T/tree.sp" | grep -v "^#"
