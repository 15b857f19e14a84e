# --total less than the total: ignored with a warning
cp "$T/small.folded" .
sp-flame --total 10 small.folded | grep -c '<g>'
