# --countname in every title
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --countname bytes small.folded | noscript
