sp-tree -m 0 --tsv "$T/tree.sp"
