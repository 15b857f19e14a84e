# --minwidth in pixels: narrower frames left out (strictly narrower)
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --minwidth 60 small.folded | noscript
