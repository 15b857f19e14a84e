# --negate: blue for growth, red for shrinking
cp "$T/diff.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --negate diff.folded | noscript
