# a second unwinding of the same stack agrees, and its rules come from
# the memo (no new rule worked out).
. "$T/build-chain"
./chain memo
