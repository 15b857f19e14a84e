# --thread PATTERN: the threads whose name matches the shell pattern, in a
# JSON profile (through sp-flatten -t) and in a sample stream; repeatable.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --mixed --thread 'work*' > out 2> err ||
    { cat err; exit 1; }
check "stream: threads" "$(sed -n 2p out)" "threads  1 (selected by --thread)"
check "stream: SELF lib_work" "$(val SELF libhs.so!lib_work)" "$W3 $W3"
check "stream: TOTAL main" "$(val TOTAL app!main)" "0 $((W3 + W4))"
grep -q 'hot_function' out && fail=1
sp-hotspots --profile p.sp --mixed --thread main --thread 'w?rker' > out 2>&1 ||
    exit 1
check "stream: two patterns" "$(val TOTAL app!main)" \
    "0 $((W1 + W2 + W3 + W4))"
P=$TOP/tests/data/demo-profile.json
sp-hotspots --profile "$P" --thread 'rayon-*' > out 2> err ||
    { cat err; exit 1; }
check "json: threads" "$(sed -n 2p out)" "threads  1 (selected by --thread)"
check "json: weight" "$(sed -n 3p out | cut -d, -f2)" " weight 291"
sp-hotspots --profile "$P" --thread 'nothing-*' > out 2> err
check "json: no thread" "$?" 1
cat err
exit $fail
