# A frame whose func index is out of range.
sed 's/"func":\[0,1\]/"func":[0,9]/' "$T/v55.json" > p.json && grep -q -F '"func":[0,9]' p.json && sp-flatten p.json
