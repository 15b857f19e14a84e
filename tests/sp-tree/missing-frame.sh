# A frame argument that names no frame: one line on stderr with the frames
# that contain its text, exit 1, nothing on stdout (sp(5), Frame arguments).
sp-tree --callers "app!nothere" "$T/tree.sp"; echo "status $?"
sp-tree --callees "nothere" --tsv "$T/tree.sp"; echo "status $?"
sp-tree --callers "ma" "$T/tree.sp"; echo "status $?"
sp-tree --callers "x!A*" "$T/tree.sp"; echo "status $?"
