# An empty file.
: > p.json && sp-flatten p.json
