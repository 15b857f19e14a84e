# -l: a line-level table from sp-aggregate -l, one function at a time;
# N limits the lines of each function; -s total orders them by total.
sp-aggregate -l hot -l cold "$TOP/tests/sp-aggregate/lines.sp" > t.agg || exit 1
sp-top -l < t.agg
echo ==
sp-top -l -s total 2 < t.agg
echo ==
grep -v '@' t.agg | sp-top -l -L
