# sp-flatten reads its own sample stream: as it is, lines and headers
# pass through unchanged (#lib renumbered in order, so the same here).
cp "$T/stream.sp" . || exit 2
sp-flatten stream.sp | diff stream.sp - || exit 1
sp-flatten -c stream.sp >c.sp || exit 1
# A merged stream (-c, #sp samples 2) passes through with its samples column.
sp-flatten c.sp | diff c.sp - || exit 1
cat c.sp
# The same of a profile read twice: once, and again through the stream.
sp-flatten "$TOP/tests/data/demo-profile.json" >a.sp || exit 1
sp-flatten a.sp | cmp a.sp - || exit 1
