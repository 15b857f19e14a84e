# A version 2 stream (sp-flatten -c, with its samples column) gives the
# profile of the stream it was merged from, but for the duration, which
# the merged lines' times no longer span.
sp-flatten "$TOP/tests/data/demo-profile.json" | sp-pprof > a.pb.gz || exit 1
sp-flatten -c "$TOP/tests/data/demo-profile.json" > c.sp || exit 1
head -1 c.sp
sp-pprof c.sp > c.pb.gz || exit 1
python3 "$TOP/tests/lib/pprof-dump" a.pb.gz | grep -v '^duration' > a.txt
python3 "$TOP/tests/lib/pprof-dump" c.pb.gz | grep -v '^duration' > c.txt
diff -u a.txt c.txt || exit 1
[ "$(grep -c '^sample ' a.txt)" -eq 9 ]
