# Gecko: a frame location out of the string table.
sed 's/"data":\[\[0\],\[1\]\]/"data":[[0],[2]]/' "$T/gecko-min.json" > p.json && grep -q -F '[[0],[2]]' p.json && sp-flatten p.json
