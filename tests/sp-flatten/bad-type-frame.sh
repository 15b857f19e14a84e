# A frame index that is a string; the message names the thread like the others.
sed 's/"frame":\[0,1\]/"frame":[0,"1"]/' "$T/v55.json" > p.json && grep -q -F '[0,"1"]' p.json && sp-flatten p.json
