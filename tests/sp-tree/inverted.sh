sp-tree -i "$T/tree.sp"
sp-tree -i -m 0 --tsv "$T/tree.sp" | grep -v "^#"
