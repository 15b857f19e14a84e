# --diff of two sets of runs (directories, tests/sp-diff/mkruns.awk;
# app!compute 25% longer in b): only the frames the test over the runs
# calls significant are coloured (app!compute red), the others neutral
# grey, and the legend says so.
mkdir a b || exit 1
awk -v out=a -v runs=5 -v seed=1 -f "$TOP/tests/sp-diff/mkruns.awk" || exit 1
awk -v out=b -v runs=5 -v seed=2 -v grow=25 -f "$TOP/tests/sp-diff/mkruns.awk" ||
    exit 1
sp-flame --diff a b -o f.svg || exit 1
# Each frame's name and fill, in the order drawn (the legend's swatches have
# no title).
sed -n 's/.*<title>\([^ ]*\) (.*fill="\([^"]*\)".*/\1 \2/p' f.svg | sort
grep -o 'not significant over the runs[^<]*' f.svg
# A set with too few runs: one line, status 1, no graph.
mkdir c && cp a/run-001.sp a/run-002.sp c/
sp-flame --diff c b -o g.svg 2> err; echo "status $?"
cat err
[ ! -e g.svg ] || exit 1
