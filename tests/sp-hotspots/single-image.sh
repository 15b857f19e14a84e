# The seed's main command, on ELF: --binary B --top 25.  SELF goes to the
# innermost frame of app (lib_work's time to cold_function, which calls it);
# TOTAL counts each function once per sample; libhs.so is left unresolved.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --binary ./app --top 25 > out 2> err || exit 1
cat out
[ -s err ] && { cat err; exit 1; }
check "SELF hot_function" "$(val SELF app!hot_function)" \
    "$((W1 + W2)) $((W1 + W2))"
check "SELF cold_function" "$(val SELF app!cold_function)" \
    "$((W3 + W4)) $((W3 + W4))"
check "TOTAL main" "$(val TOTAL app!main)" "0 $((W1 + W2 + W3 + W4))"
check "TOTAL lib (unresolved)" "$(val TOTAL libhs.so!$LIB)" "0 $W3"
check "header" "$(sed -n 2,3p out | tr '\n' ' ')" \
    "threads  2 samples 5 (1 with no stack), weight $((W1 + W2 + W3 + W4 + W5)), CPU 12.10 ms, from app.json "
grep -q '^profile  p.sp (samply processed 55)$' out || fail=1
grep -q '^         resolved addresses: app 5/5 ' out || fail=1
grep -q '^symbols  3 of 4 distinct frames named, 1 still addresses$' out ||
    fail=1
exit $fail
