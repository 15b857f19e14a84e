# -n N: only the lines within N of a line with samples, each run of the
# others one "...", as pprof list elides them; without -n every line of
# the function.  One instruction of warm_leaf is sampled, in the middle
# of its loop.
. "$T/craft"
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
craft hot hot warm_leaf | awk -F'\t' 'BEGIN { OFS = FS }
	/^#/ { print; next } { l[n++] = $0 } END { print l[int(n / 2)] }' >s.sp
sp-annotate -C warm_leaf s.sp >all.txt || exit 1
sp-annotate -C -n 0 warm_leaf s.sp >n0.txt || exit 1
sp-annotate -C -n 1 warm_leaf s.sp >n1.txt || exit 1
line() { awk 'substr($0, 33, 7) ~ /^ *[0-9]+$/ { l = substr($0, 33, 7); gsub(/ /, "", l); print l }' "$1" | tr '\n' ' '; }
sampled=$(awk 'substr($0, 33, 7) ~ /^ *[0-9]+$/ && substr($0, 1, 9) !~ /^ *\.$/ { l = substr($0, 33, 7); gsub(/ /, "", l); print l }' all.txt)
[ "$(echo "$sampled" | wc -l)" -eq 1 ] || { cat all.txt >&2; exit 1; }
[ "$(line n0.txt)" = "$sampled " ] || { echo "-n 0: $(line n0.txt)" >&2; cat n0.txt >&2; exit 1; }
[ "$(line n1.txt)" = "$((sampled - 1)) $sampled $((sampled + 1)) " ] || { echo "-n 1: $(line n1.txt)" >&2; exit 1; }
grep -q '^      \.\.\.$' n1.txt || exit 1
[ "$(grep -c '\.\.\.' all.txt)" -eq 0 ] || exit 1
