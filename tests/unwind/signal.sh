# As full, but captured in a signal handler: unw_stack goes through the
# kernel's signal frame (glibc's __restore_rt, a 'zRS' CIE whose rules
# are DWARF expressions) and agrees with backtrace() to _start.
. "$T/build-chain"
./chain signal
