gzip -c "$T/tree.sp" > t.gz
sp-tree -d 1 t.gz
cat "$T/tree.sp" | sp-tree -d 1
