# --fonttype: the font family in the style
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --fonttype 'DejaVu Sans Mono' small.folded | noscript
