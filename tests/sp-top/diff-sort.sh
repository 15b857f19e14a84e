# -s self and -s z; -n and --cpu say so in the summary; -L, -W, N apply.
cp "$TOP/tests/sp-diff/a.sp" "$TOP/tests/sp-diff/b.sp" . || exit 1
sp-diff a.sp b.sp > d.tsv || exit 1
sp-top -s self -L < d.tsv
sp-top -s z 4 < d.tsv
sp-diff -n --cpu a.sp b.sp | sp-top -W 2
