# The rule of sp(5), Frame arguments: the whole frame, the NAME of LIB!NAME,
# or a shell pattern; a pattern that is also a frame names that frame.
sp-tree --callers "b" -m 0 --tsv "$T/tree.sp" | grep -v "^#"
echo ==
sp-tree --callers "app!b" -m 0 --tsv "$T/tree.sp" | grep -v "^#"
echo ==
sp-tree --callees "[fg]" -m 0 --tsv "$T/tree.sp" | grep -v "^#"
echo ==
sp-tree --callees "app!Dim<[usize\\; 2]>::new" -m 0 --tsv "$T/tree.sp" | grep -v "^#"
