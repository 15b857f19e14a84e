# A stack index that is not an integer; the message names the thread like the others.
sed 's/"stack":\[0,1,null,1,0\]/"stack":[0,1.5,null,1,0]/' "$T/v55.json" > p.json && grep -q -F '[0,1.5,' p.json && sp-flatten p.json
