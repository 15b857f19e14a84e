# A stack that is its own parent.
sed 's/"prefix":\[null,0\]/"prefix":[null,1]/' "$T/v55.json" > p.json && grep -q -F '"prefix":[null,1]' p.json && sp-flatten p.json
