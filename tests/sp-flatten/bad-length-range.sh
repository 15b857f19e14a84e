# A length beyond 2^31.
sed 's/"stackTable":{"length":2,/"stackTable":{"length":4000000000,/' "$T/v55.json" > p.json && grep -q -F '4000000000' p.json && sp-flatten p.json
