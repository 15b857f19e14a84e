# The header's attr_size is smaller than any perf_event_attr.
# One message naming the file and the offset, exit 1, nothing on stdout.
cp "$T/badattr.data" . && sp-flatten badattr.data
