# Gecko: a stack whose frame is out of range.
sed 's/\[\[null,0\],\[0,1\]\]/[[null,0],[0,7]]/' "$T/gecko-min.json" > p.json && grep -q -F '[0,7]' p.json && sp-flatten p.json
