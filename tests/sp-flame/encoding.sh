# --encoding: in the XML declaration
cp "$T/small.folded" .
sp-flame --encoding ISO-8859-1 small.folded | head -n 1
