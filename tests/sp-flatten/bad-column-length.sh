# A column longer than its table.
sed 's/"prefix":\[null,0\],"frame":\[0,1\]}/"prefix":[null,0],"frame":[0,1,1]}/' "$T/v55.json" > p.json && grep -q -F '"frame":[0,1,1]' p.json && sp-flatten p.json
