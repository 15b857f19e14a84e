# --total larger than the total: everything narrower
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --total 200 small.folded | noscript
