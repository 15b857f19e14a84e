# --height: the frame height
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --height 24 small.folded | noscript
