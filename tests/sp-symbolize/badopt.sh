# Usage errors: an unknown option, --image without --binary, a bad --base,
# an unknown backend, --map without '=': status 1, a message.
st=0
sp-symbolize --frobnicate </dev/null 2>err && exit 1
grep -q '^usage: sp-symbolize' err || exit 1
sp-symbolize --image x </dev/null 2>err && exit 1
grep -q 'needs --binary' err || exit 1
sp-symbolize --base 0xzz </dev/null 2>err && exit 1
grep -q '0xzz: invalid base address' err || exit 1
sp-symbolize --backend gdb </dev/null 2>err && exit 1
grep -q 'gdb: unknown backend' err || exit 1
sp-symbolize --map foo </dev/null 2>err && exit 1
grep -q 'foo: --map wants NAME=PATH' err || exit 1
sp-symbolize nothere.tsv 2>err && exit 1
grep -q 'nothere.tsv' err || exit 1
exit $st
