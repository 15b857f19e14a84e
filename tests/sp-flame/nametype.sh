# --nametype: the word before a title on the details line
cp "$T/small.folded" .
sp-flame --nametype 'Frame:' small.folded | grep -o 'nametype: "[^"]*"'
