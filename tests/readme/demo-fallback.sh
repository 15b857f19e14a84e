# Where perf cannot record (a stand-in perf refusing, as in a container),
# make demo says so, and shows the table and the flame graph of the profile
# the repository carries, both of it, exit 0 (scripts/demo).
bindir=$(dirname "$(command -v sp-flatten)")
T=$TOP/tests/sp-record . "$TOP/tests/sp-record/fake-setup"
FAKE_MODE=paranoid sh "$TOP/scripts/demo" "$bindir" demo.svg >out 2>err
st=$?
[ $st -eq 0 ] || { echo "demo: exit status $st"; cat err; exit 1; }
grep -q '^demo: perf could not record, so the table and the flame graph below are of the profile the repository carries' err ||
    { echo "the demo does not say what it shows"; cat err; exit 1; }
grep -q ' raytrace!raytrace::geom::Triangle::hit$' out || { echo "no table of the bundled profile"; cat out; exit 1; }
grep -q 'Triangle::hit' demo.svg || { echo "no flame graph of the bundled profile"; exit 1; }
grep -q '^demo: the flame graph of the bundled profile is ' out || { cat out; exit 1; }
