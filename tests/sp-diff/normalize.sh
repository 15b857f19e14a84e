# -n: a is scaled by 8/6 (b's weight over a's) and rounded; z is unchanged.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff -n a.sp b.sp
