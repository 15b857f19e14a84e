# A boolean time delta.
sed 's/"timeDeltas":\[1900000.5,/"timeDeltas":[true,/' "$T/v55.json" > p.json && grep -q -F '[true,' p.json && sp-flatten p.json
