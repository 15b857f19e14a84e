gzip -c "$T/threads.sp" | head -c 200 > t.gz
sp-aggregate t.gz
