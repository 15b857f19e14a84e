# Blank lines after an event line, doubled blank lines, records without a
# blank line between them, a record without frames (an empty stack), a
# line that is not a frame (skipped, with one warning), frames on the event
# line itself (perf script -F ...,ip,sym), no blank line at the end.
cp "$T/edges.txt" . && sp-flatten edges.txt
