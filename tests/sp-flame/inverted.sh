# --inverted: an icicle graph, its own default title
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --inverted small.folded | noscript
