# perf script -F +srcline: the "  FILE:LINE" line under a frame becomes its
# " @ FILE:LINE" (before " (inlined)"); "??:0" is no line.  A symbol with
# ": " in it is still a frame.
cp "$T/srcline.txt" . && sp-flatten srcline.txt | grep -v '^#'
