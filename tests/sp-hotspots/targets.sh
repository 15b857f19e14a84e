# --targets: line-level tables of hot_function (self at the sampled
# instructions' lines), of main (total at its call sites) and of lib_work in
# the shared library (with --mixed).  Patterns given as several words, as
# repeated options and comma-separated give the same report.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --mixed --targets hot_function main lib_work \
    > out 2> err || { cat err; exit 1; }
cat out
[ -s err ] && { cat err; exit 1; }
check "hot_function heading" "$(heading app!hot_function)" \
    "$((W1 + W2)) $((W1 + W2))"
check "hot_function HOT_LINE" "$(lineval app!hot_function /src/app.c:$L_HOT)" \
    "$W1 $W1"
check "hot_function ENTRY_LINE" \
    "$(lineval app!hot_function /src/app.c:$L_ENTRY)" "$W2 $W2"
check "main CALL_HOT" "$(lineval app!main /src/app.c:$L_CALLHOT)" \
    "0 $((W1 + W2))"
check "main CALL_COLD" "$(lineval app!main /src/app.c:$L_CALLCOLD)" \
    "0 $((W3 + W4))"
check "lib_work LIB_LINE" "$(lineval libhs.so!lib_work /src/libhs.c:$L_LIB)" \
    "$W3 $W3"
# cold_function did not match: no table.
grep -q '^app!cold_function ' out && fail=1
# SELF and TOTAL are by function, whatever the line.
check "SELF hot_function" "$(val SELF app!hot_function)" \
    "$((W1 + W2)) $((W1 + W2))"
sp-hotspots --profile p.sp --mixed --targets hot_function --targets main \
    --targets=lib_work > out2 2>&1 || exit 1
cmp -s out out2 || { echo "repeated --targets differ"; diff out out2; fail=1; }
sp-hotspots --profile p.sp --mixed --targets hot_function,main,lib_work \
    > out3 2>&1 || exit 1
cmp -s out out3 || { echo "--targets a,b differs"; diff out out3; fail=1; }
# Single image: lib_work's time is cold_function's, at the line of its call.
sp-hotspots --profile p.sp --binary app --targets cold > out4 2>&1 || exit 1
check "cold_function CALL_LIB (single image)" \
    "$(lineval app!cold_function /src/app.c:$L_CALLLIB out4)" \
    "$((W3 + W4)) $((W3 + W4))"
exit $fail
