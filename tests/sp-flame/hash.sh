# --hash: colours from the beginning of the name
cp "$T/small.folded" .
sp-flame --hash small.folded | grep -o 'fill="rgb([0-9,]*)"'
