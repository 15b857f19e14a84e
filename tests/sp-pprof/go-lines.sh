# A symbolized stream with source lines and inline frames (sp-symbolize -l
# on a real binary: leaf inlined into mid inlined into outer): go tool
# pprof -top at address granularity, whose nodes are a function and a
# line, prints the figures of sp-aggregate | sp-top; at line granularity
# the inlined functions are marked as pprof marks them; at function
# granularity those of sp-aggregate --no-lines.
. "$TOP/tests/lib/pprof"
T=$TOP/tests/sp-symbolize
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog -fPIE -pie
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 3 "prog!$(rel prog main);prog!$mark"
	sample 2 "prog!$(rel prog main);prog!$(rel prog work)"
	sample 1 "prog!$(rel prog main)"
	sample 4 "prog!$(rel prog main);prog!$(rel prog outer);prog!$mark"
} > in.sp
sp-symbolize -q -l -b prog in.sp > sym.sp || exit 1
grep -q '(inlined)' sym.sp && grep -q ' @ /src/prog.c:' sym.sp ||
    { echo "no lines or inline frames"; cat sym.sp; exit 1; }
sp-pprof sym.sp > p.pb.gz || exit 1
pprof_view sym.sp | sp-aggregate > p.agg || exit 1
pprof_nodes p.pb.gz > go.txt || exit 1
sp_nodes p.agg > sp.txt
diff -u sp.txt go.txt || exit 1
# As go tool pprof -lines prints them.
go tool pprof -top -lines -symbolize=none p.pb.gz 2>/dev/null |
    awk '$1 == "flat" { on = 1; next } on { $2 = $3 = $5 = ""; print }' |
    sed "s/$(printf '\t')/ /g; s/  */ /g" | sort
# Functions: sp-aggregate --no-lines.
go tool pprof -top -symbolize=none p.pb.gz 2>/dev/null |
    awk '$1 == "flat" { on = 1; next } on { print $1, $4, $6 }' | sort > go-fn.txt
pprof_view sym.sp | sp-aggregate --no-lines | sp-top -W 100 |
    awk '$1 == "SELF" { on = 1; next } on { n = $6; sub(/ \(inlined\)$/, "", n)
	print $1, $4, n }' | sort > sp-fn.txt
diff -u sp-fn.txt go-fn.txt || exit 1
