# Several events: only the first one's samples are kept ("instructions" and
# "instructions:u" are the same event), the others are counted in one
# warning.  Tracepoint data on the event line is not a frame.
cp "$T/events.txt" . && sp-flatten events.txt
