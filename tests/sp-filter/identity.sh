# no option: the stream unchanged, byte for byte
sp-filter "$T/in.sp" | cmp - "$T/in.sp" && gzip -c < "$T/in.sp" > in.gz && sp-filter - < in.gz | cmp - "$T/in.sp" && echo same
