# A wrong --base (or binary) on a samply-style profile: sp-symbolize's
# warning that the addresses fall outside the binary's code reaches the
# user, and nothing is named after the wrong symbols.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --binary ./app --base 0x40000000 --top 25 \
    > out 2> err
st=$?
grep -q '^sp-symbolize: app: [0-9,]* of [0-9,]* addresses fall outside its code: not the binary that was profiled, or a wrong --base?$' err ||
    { cat err; exit 1; }
grep -q 'app!hot_function' out && { cat out; exit 1; }
[ $st -eq 1 ] || { echo "status $st" >&2; exit 1; }
