sp-tree -d 2 "$T/tree.sp"
sp-tree -d 1 -m 0 --tsv "$T/tree.sp" | grep -v "^#"
