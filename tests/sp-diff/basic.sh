# Hand-computed: a.sp has 6 samples (one with no stack), b.sp 7 of weight 8.
# app!gone is only in a, app!new only in b, app!rec recurses (counted once
# per sample); app!work grows from 3 to 6.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff a.sp b.sp
