gzip -c "$T/threads.sp" > s.gz
gzip -c "$T/nocpu.sp" >> s.gz
sp-aggregate s.gz
