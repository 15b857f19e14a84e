cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff a.sp b.sp > /dev/full
