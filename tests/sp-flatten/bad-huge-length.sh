# A huge declared length with short arrays: an error, no allocation of that size.
sed 's/"samples":{"length":5,/"samples":{"length":2000000000,/' "$T/v55.json" > p.json && grep -q -F '2000000000' p.json && sp-flatten p.json
