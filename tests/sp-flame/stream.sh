# a sample stream: folded as sp-aggregate -c folds it; LIB! dimmed, inlined marked; empty stack not drawn
cp "$T/stream.in" .
. "$TOP/tests/lib/flame-golden"
sp-flame stream.in | noscript
