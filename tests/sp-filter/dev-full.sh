sp-filter --merge app!run "$T/in.sp" > /dev/full
