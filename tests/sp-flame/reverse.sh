# --reverse: leaves at the root
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --reverse small.folded | noscript
