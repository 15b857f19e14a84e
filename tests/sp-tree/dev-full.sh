sp-tree "$T/tree.sp" > /dev/full
