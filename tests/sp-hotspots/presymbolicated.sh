# An already symbolicated profile needs no --binary: given one, a note says
# so and it only names the image for SELF.  With names but no lines, the
# line tables say so; with lines (sp-symbolize -l output) they are made
# without a binary.
. "$T/fixtures.inc"
build
stream > p.sp
sp-symbolize -q -m p.sp > named.sp || exit 1
sp-symbolize -q -m -l p.sp > lines.sp || exit 1
echo "== --binary on a symbolicated profile"
sp-hotspots --profile named.sp --binary ./app > out 2> err || exit 1
cat err
check "SELF cold_function (single image)" "$(val SELF app!cold_function)" \
    "$((W3 + W4)) $((W3 + W4))"
grep -q 'single image: the innermost frame of app' out || fail=1
echo "== --targets, names without lines"
sp-hotspots --profile named.sp --targets hot > out 2> err || exit 1
cat err
grep -A1 '^app!hot_function ' out
echo "== --targets, names with lines"
sp-hotspots --profile lines.sp --targets hot > out 2> err || exit 1
cat err
check "hot_function HOT_LINE" "$(lineval app!hot_function /src/app.c:$L_HOT)" \
    "$W1 $W1"
check "SELF hot_function (by function)" "$(val SELF app!hot_function)" \
    "$((W1 + W2)) $((W1 + W2))"
exit $fail
