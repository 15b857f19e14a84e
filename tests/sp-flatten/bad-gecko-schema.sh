# Gecko: an absurd schema column index.
sed 's/"schema":{"stack":0,"time":1},"data":\[\[1,0.5\]/"schema":{"stack":0,"time":99999},"data":[[1,0.5]/' "$T/gecko-min.json" > p.json && grep -q -F '99999' p.json && sp-flatten p.json
