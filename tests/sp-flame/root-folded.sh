# -r needs a stream
cp "$T/small.folded" .
sp-flame -r thread small.folded
