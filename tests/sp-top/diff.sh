# A diff table of sp-diff: changes sorted by |delta total|, each side's
# shares, "~" on the changes within noise (all here: six samples a side).
cp "$TOP/tests/sp-diff/a.sp" "$TOP/tests/sp-diff/b.sp" . || exit 1
sp-diff a.sp b.sp | sp-top
sp-diff --z 1 a.sp b.sp > d.tsv && sp-top -f d.tsv 3
