# Call-frame information written by hand (.debug_frame v1 and v4,
# .eh_frame 'zR', a 'zRS' signal frame): each row of a prologue and a
# mid-function epilogue, register rules, expressions, the end of the
# stack, a short copy, a stack pointer that shrinks.  See cfi.c.
# shellcheck disable=SC2034 # read by build-chain
PROG=cfi
. "$T/build-chain"
./cfi
