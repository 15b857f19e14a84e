# A sample whose stack index is out of range.
sed 's/"stack":\[0,1,null,1,0\]/"stack":[0,5,null,1,0]/' "$T/v55.json" > p.json && grep -q -F '[0,5,null' p.json && sp-flatten p.json
