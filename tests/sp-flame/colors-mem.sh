# --colors mem: green background by default
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --colors mem small.folded | noscript
