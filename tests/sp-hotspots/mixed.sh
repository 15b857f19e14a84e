# --mixed: every library resolved from the paths of its #lib header; SELF is
# the leaf frame's time, lib_work's in libhs.so included.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --mixed > out 2> err || { cat err; exit 1; }
cat out
[ -s err ] && { cat err; exit 1; }
check "SELF hot_function" "$(val SELF app!hot_function)" \
    "$((W1 + W2)) $((W1 + W2))"
check "SELF lib_work" "$(val SELF libhs.so!lib_work)" "$W3 $W3"
check "SELF cold_function" "$(val SELF app!cold_function)" \
    "$W4 $((W3 + W4))"
check "TOTAL main" "$(val TOTAL app!main)" "0 $((W1 + W2 + W3 + W4))"
grep -q '^symbols  4 of 4 distinct frames named$' out || fail=1
grep -q 'resolved addresses: app 5/5 (.*), libhs.so 1/1 (' out || fail=1
grep -q 'SELF: .*(the leaf frame)' out || fail=1
exit $fail
