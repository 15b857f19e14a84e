# difffolded.pl's two counts: B's widths, red/blue by the change of the leaf
cp "$T/diff.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame diff.folded | noscript
