# A samples column shorter than the others.
sed 's/"weight":\[1,1,1,3,1\]/"weight":[1,1,1,3]/' "$T/v55.json" > p.json && grep -q -F '"weight":[1,1,1,3]' p.json && sp-flatten p.json
