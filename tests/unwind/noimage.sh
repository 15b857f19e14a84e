# the program's own image missing from the mappings: only the sampled pc.
. "$T/build-chain"
./chain noimage
