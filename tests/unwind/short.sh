# a stack copy of 256 bytes: the unwinding stops cleanly, with fewer
# frames, the ones found right.
. "$T/build-chain"
./chain short
