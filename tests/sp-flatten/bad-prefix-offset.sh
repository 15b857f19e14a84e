# Version 66: a negative prefixOffset (the parent after the child).
sed 's/"prefixOffset": \[0, 1, 1, 3, 1\]/"prefixOffset": [0, 1, -1, 3, 1]/' "$T/v66.json" > p.json && grep -q -F '[0, 1, -1, 3, 1]' p.json && sp-flatten p.json
