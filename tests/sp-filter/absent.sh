# a frame in no sample: merge and hide change nothing, keep leaves the headers
sp-filter --merge app!nothing --hide "no*" --collapse-lib nolib "$T/in.sp" | cmp - "$T/in.sp" && echo same; sp-filter --keep app!nothing "$T/in.sp"; sp-filter --root-at app!nothing "$T/in.sp" | grep -vc "^#" || :
