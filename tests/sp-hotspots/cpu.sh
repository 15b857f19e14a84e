# --cpu-weighted: the figures are the samples' CPU times (ns); a sample
# without a cpu value counts 0.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --mixed --cpu-weighted --targets hot > out 2> err ||
    { cat err; exit 1; }
cat out
[ -s err ] && { cat err; exit 1; }
check "SELF hot_function" "$(val SELF app!hot_function)" \
    "$((C1 + C2)) $((C1 + C2))"
check "SELF lib_work" "$(val SELF libhs.so!lib_work)" "$C3 $C3"
check "SELF cold_function" "$(val SELF app!cold_function)" "0 $C3"
check "TOTAL main" "$(val TOTAL app!main)" "0 $((C1 + C2 + C3))"
check "hot_function HOT_LINE" "$(lineval app!hot_function /src/app.c:$L_HOT)" \
    "$C1 $C1"
grep -q '^weight   CPU time' out || fail=1
grep -q "weight $((C1 + C2 + C3 + C5))," out || fail=1
exit $fail
