sp-tree -a "$T/tree.sp"
