# Only the --header block (perf recorded nothing): a valid empty stream.
sed -n '/^#/p' "$T/basic.txt" > h.txt && sp-flatten h.txt
