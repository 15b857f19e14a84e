# --diff A B: B's graph coloured by the change of share; a stack only in A drawn with A's count, dashed
cp "$T/after.folded" "$T/before.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --diff before.folded after.folded | noscript
