# -r comm-tid: a root frame per thread
cp "$T/stream.in" .
. "$TOP/tests/lib/flame-golden"
sp-flame -r comm-tid stream.in | noscript
