# --cpu: the cpu column is compared; the totals are a's 8000 and b's 11000 ns.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff --cpu a.sp b.sp
