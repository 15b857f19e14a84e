# every return address that unw_stack finds agrees with glibc's
# backtrace(), from a callback inside qsort through realigned, alloca,
# VLA and frame-pointer-free frames to _start.
. "$T/build-chain"
./chain full
