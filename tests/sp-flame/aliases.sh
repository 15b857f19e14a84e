# flamegraph-rs's spellings mean the same
cp "$T/small.folded" .
sp-flame --min-width 40 --image-width 800 --palette red --deterministic -i small.folded >a.svg && sp-flame --minwidth 40 --width 800 --colors red --inverted small.folded >b.svg && grep -v "^<desc>" a.svg >a && grep -v "^<desc>" b.svg >b && cmp a b && echo same
