sp-tree -r thread "$T/tree.sp"
sp-tree -r comm-tid -i -d 2 -m 0 --tsv "$T/tree.sp" | grep -v "^#"
sp-tree -r process --callers app!g -m 0 --tsv "$T/tree.sp" | grep -v "^#"
