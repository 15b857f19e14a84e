# -m: nodes under PCT% of the weight with a stack go, with their subtrees.
sp-tree -m 20 "$T/tree.sp"
sp-tree -m 8.34 --tsv "$T/tree.sp" | grep -v "^#"
