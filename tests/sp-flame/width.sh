# --width: the image width
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --width 600 small.folded | noscript
