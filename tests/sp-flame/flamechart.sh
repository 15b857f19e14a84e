# --flamechart: lines in input order, not sorted
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --flamechart small.folded | noscript
