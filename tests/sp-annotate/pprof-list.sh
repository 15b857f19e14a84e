# sp-annotate's source view against go tool pprof -list on sp-pprof's
# output of the same stream (symbolized with lines): the same lines with
# the same flat (self) and cum (total) counts, for a leaf function and its
# caller (whose samples fall on its call).  Skipped without Go.
. "$TOP/tests/lib/pprof"
. "$T/craft"
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
base=$(readelf -lW hot | awk '$1 == "LOAD" { print $3; exit }')
# hot_caller's return address from hot_leaf, less one (sp(5)).
ret=$(objdump -d --no-show-raw-insn hot | awk '/<hot_caller>:/ { on = 1; next }
	on && call { sub(/:/, "", $1); print $1; exit } on && $2 ~ /^call/ { call = 1 }')
[ -n "$ret" ] || { echo "no call in hot_caller" >&2; exit 1; }
craft hot hot hot_leaf >leaf.sp
{
	cat leaf.sp
	# Each leaf address again under hot_caller, some three times.
	grep -v '^#' leaf.sp | awk -F'\t' -v c="$(printf 'hot!0x%x' $((0x$ret - 1 - base)))" '
		BEGIN { OFS = FS } { n = split($8, f, ";"); $8 = "main;" c ";" f[n]
		$6 = NR % 3 == 0 ? 3 : 1; print }'
} >s.sp
sp-symbolize -q -l -b hot s.sp >sym.sp || exit 1
sp-pprof sym.sp >p.pb.gz || exit 1
for f in hot_leaf hot_caller; do
	go tool pprof -list "^$f\$" -symbolize=none p.pb.gz 2>go.err >go.txt ||
	    { cat go.err >&2; exit 1; }
	awk '$3 ~ /^[0-9]+:/ && ($1 != "." || $2 != ".") {
		l = $3; sub(/:.*/, "", l)
		print l, ($1 == "." ? 0 : $1), ($2 == "." ? 0 : $2) }' go.txt |
	    sort -n >"$f.go"
	sp-annotate -C "$f" s.sp >"$f.txt" || exit 1
	awk 'substr($0, 33, 7) ~ /^ *[0-9]+$/ {
		s = substr($0, 1, 9); t = substr($0, 17, 9); l = substr($0, 33, 7)
		gsub(/ /, "", s); gsub(/ /, "", t); gsub(/ /, "", l)
		if (s == ".") s = 0; if (t == ".") t = 0
		if (s != 0 || t != 0) print l, s, t }' "$f.txt" | sort -n >"$f.sp"
	[ -s "$f.go" ] || { echo "$f: pprof -list shows no line" >&2; cat go.txt >&2; exit 1; }
	diff -u "$f.go" "$f.sp" || { echo "$f: pprof -list (-) and sp-annotate (+) differ" >&2; exit 1; }
done
