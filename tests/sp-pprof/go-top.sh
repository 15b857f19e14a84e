# go tool pprof -top on sp-pprof's output prints the self and total figures
# of sp-aggregate | sp-top, for the weight and for the cpu time, frame by
# frame (named as pprof_view says), on the demo profile and the hand-made
# stream; -nodecount=N shows sp-top's top N.
. "$TOP/tests/lib/pprof"
sp-flatten "$TOP/tests/data/demo-profile.json" > demo.sp || exit 1
for s in "$T/small.sp" demo.sp; do
	sp-pprof "$s" > p.pb.gz || exit 1
	pprof_view "$s" | sp-aggregate > p.agg || exit 1
	pprof_nodes p.pb.gz samples > go.txt || exit 1
	sp_nodes p.agg > sp.txt
	diff -u sp.txt go.txt || exit 1
	pprof_nodes p.pb.gz cpu > go-cpu.txt || exit 1
	sp_nodes p.agg cpu > sp-cpu.txt
	diff -u sp-cpu.txt go-cpu.txt || exit 1
	[ "$(wc -l < go.txt)" -ge 10 ] || { echo "too few frames"; exit 1; }
done
sp-pprof demo.sp > demo.pb.gz || exit 1
sp-aggregate -L demo.sp > demo.agg || exit 1
# The top 5 by self, as both print them.
go tool pprof -top -nodecount=5 demo.pb.gz 2>/dev/null |
    awk '$1 == "flat" { on = 1; next } on { print $1, $4 }' > go5.txt
sp-top -f demo.agg 5 | awk '$1 == "SELF" { on = 1; next } on { print $1, $4 }' \
    > sp5.txt
diff -u sp5.txt go5.txt || exit 1
[ "$(wc -l < go5.txt)" -eq 5 ] || { echo "not 5 rows"; exit 1; }
