# --cpu: frames sized by CPU time
cp "$T/stream.in" .
sp-flame --cpu stream.in | grep '<title>'
