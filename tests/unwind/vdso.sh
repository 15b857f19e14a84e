# The [vdso], which has no file, opened from our own process's memory
# with unw_image_open_mem: a rule at __vdso_clock_gettime (a sampled
# process calling clock_gettime is often in there).
. "$T/build-chain"
./chain vdso
