# --fontwidth: fewer characters fit
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --fontwidth 1.2 small.folded | noscript
