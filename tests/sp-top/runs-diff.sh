# The view of a runs-diff table (sp-diff of two sets of runs, made by
# tests/sp-diff/mkruns.awk): all rows, then the top 3.
mkdir a b || exit 1
awk -v out=a -v runs=5 -v seed=1 -f "$TOP/tests/sp-diff/mkruns.awk" || exit 1
awk -v out=b -v runs=5 -v seed=2 -v grow=25 -f "$TOP/tests/sp-diff/mkruns.awk" ||
    exit 1
sp-diff a b > t || exit 1
sp-top < t
sp-top 3 < t
sp-diff --shares a b | sp-top 2
