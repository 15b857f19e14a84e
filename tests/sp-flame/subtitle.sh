# --subtitle: a second line; every frame moves down by it
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --subtitle 'second line' small.folded | noscript
