# Version 66: a prefixOffset pointing before the first stack.
sed 's/"prefixOffset": \[0, 1, 1, 3, 1\]/"prefixOffset": [0, 1, 1, 3, 5]/' "$T/v66.json" > p.json && grep -q -F '[0, 1, 1, 3, 5]' p.json && sp-flatten p.json
