# A parent stack after its child (a loop 0 -> 1 -> 0).
sed 's/"prefix":\[null,0\]/"prefix":[1,0]/' "$T/v55.json" > p.json && grep -q -F '"prefix":[1,0]' p.json && sp-flatten p.json
