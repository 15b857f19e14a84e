# A stack whose frame index is out of range.
sed 's/"frame":\[0,1\]/"frame":[0,9]/' "$T/v55.json" > p.json && grep -q -F '"frame":[0,9]' p.json && sp-flatten p.json
