# --flamechart on a stream: per thread, in time order
cp "$T/stream.in" .
sp-flame --flamechart stream.in | grep '<title>'
