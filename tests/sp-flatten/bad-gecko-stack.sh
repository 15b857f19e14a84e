# Gecko: a sample of a child process whose stack is out of range.
sed 's/"data":\[\[0,1\]\]/"data":[[1,1]]/' "$T/gecko-min.json" > p.json && grep -q -F '[[1,1]]' p.json && sp-flatten p.json
