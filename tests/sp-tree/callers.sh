sp-tree --callers "app!b" "$T/tree.sp"
sp-tree --callers "app!b" -m 0 --tsv "$T/tree.sp" | grep -v "^#"
