# --minwidth as a percentage of the total
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --minwidth 9% small.folded | noscript
