# A hand-made perf.data (mkfixtures.py): threads named by COMM and FORK,
# file-relative addresses in the mapping, others and kernel frames as
# addresses, samples in time order, unknown records skipped.
cp "$T/tiny.data" . && sp-flatten tiny.data
