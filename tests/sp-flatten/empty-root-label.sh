# -c merges a thread's stacks by their strings: a root frame whose label
# is empty (a nameless function of no library) is spelled as the empty
# stack of a null sample, and the two are one line; the deeper stack under
# that frame (";radix!0x10ff") stays apart.  The JSON is v55.json with
# that edit; the golden output is that of the build before string ids.
cp "$T/empty-root-label.json" . && sp-flatten -c empty-root-label.json
