# A hand-made perf.data (mkfixtures.py): threads named by COMM and FORK,
# file-relative addresses in the mapping, others and kernel frames as
# addresses, samples in time order, unknown records skipped.  The binary
# (/usr/bin/tiny) is not on this machine: its frames keep their file
# offsets, its #lib line says fileoff, and one warning counts them.
cp "$T/tiny.data" . && sp-flatten tiny.data
