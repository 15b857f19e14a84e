# A profile against itself: every delta and every z is 0, the gate passes.
sp-flatten "$TOP/tests/data/demo-profile.json" > p.sp || exit 1
sp-diff --fail-above 0 p.sp p.sp > d || exit 1
n=$(grep -vc '^#' d)
[ "$n" -ge 10 ] || { echo "only $n frames" >&2; exit 1; }
awk -F'\t' '!/^#/ && ($1 != $3 || $2 != $4 || $5 != 0 || $6 != 0 || $7 != $8 ||
    $9 != "0.00") { print "not zero: " $0; bad = 1 } END { exit bad }' d || exit 1
# The same with --cpu and -n, and against its own aggregate table.
sp-aggregate p.sp > p.agg || exit 1
sp-diff --cpu -n --fail-above 0 p.agg p.sp | awk -F'\t' '!/^#/ &&
    ($5 != 0 || $6 != 0 || $7 != $8 || $9 != "0.00") { bad = 1 } END { exit bad }'
# A collapsed stream (sp-flatten -c, with its samples column) is the same
# profile: the same samples, every delta 0.
sp-flatten -c "$TOP/tests/data/demo-profile.json" > c.sp || exit 1
grep -q '^#sp samples 2' c.sp || exit 1
sp-diff p.sp c.sp > dc || exit 1
[ "$(grep -c '^#total	[ab]	samples	860$' dc)" -eq 2 ] || { grep '^#total' dc; exit 1; }
awk -F'\t' '!/^#/ && ($5 != 0 || $6 != 0 || $9 != "0.00") { bad = 1 }
    END { exit bad }' dc
