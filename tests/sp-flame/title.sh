# --title: the title text, escaped
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --title 'Mine & <yours>' small.folded | noscript
