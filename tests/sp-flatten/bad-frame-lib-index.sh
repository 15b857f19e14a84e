# Version 70: a frame.lib out of range.
sed 's/"lib":\[0,1,-1\]/"lib":[0,7,-1]/' "$T/v70.json" > p.json && grep -q -F '"lib":[0,7,-1]' p.json && sp-flatten p.json
