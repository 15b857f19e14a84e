# The first record says it is longer than the data section.
# One message naming the file and the offset, exit 1, nothing on stdout.
cp "$T/overrun.data" . && sp-flatten overrun.data
