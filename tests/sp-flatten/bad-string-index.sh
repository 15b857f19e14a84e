# A func whose name is a string index out of range.
sed 's/"funcTable":{"length":2,"name":\[0,1\]/"funcTable":{"length":2,"name":[0,99]/' "$T/v55.json" > p.json && grep -q -F '"name":[0,99]' p.json && sp-flatten p.json
