# Gecko: a parent stack after its child.
sed 's/"data":\[\[null,0\],\[0,1\]\]/"data":[[1,0],[0,1]]/' "$T/gecko-min.json" > p.json && grep -q -F '[[1,0],[0,1]]' p.json && sp-flatten p.json
