sp-tree "$T/tree.sp"
