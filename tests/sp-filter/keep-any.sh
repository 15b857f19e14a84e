# --keep-any F1;F2: one of them must occur (OR, pq's comma list)
sp-filter --keep-any "app!leaf;libc.so.6!memcpy" "$T/in.sp"
