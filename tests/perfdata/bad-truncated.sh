# The header cut short: the byte where it ends.
# One message naming the file and the offset, exit 1, nothing on stdout.
cp "$T/truncated.data" . && sp-flatten truncated.data
