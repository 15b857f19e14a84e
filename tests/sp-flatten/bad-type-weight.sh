# A string where a number must be.
sed 's/"weight":\[1,1,1,3,1\]/"weight":[1,1,"1",3,1]/' "$T/v55.json" > p.json && grep -q -F '"1"' p.json && sp-flatten p.json
