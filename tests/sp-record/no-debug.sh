# A target without debug info: a warning; with -g, none.  (The stand-in
# perf's file is read by perf script, which sp-record says: -q.)
command -v cc >/dev/null 2>&1 || { echo "no C compiler" >&2; exit 77; }
. "$T/fake-setup"
cc -O2 -o nodebug "$TOP/tests/workloads/hot.c" || exit 1
cc -g -O2 -o hot "$TOP/tests/workloads/hot.c" || exit 1
sp-record -q -- ./nodebug 0 >out 2>err || exit 1
grep -v rounds err
sp-record -q -- ./hot 0 >out 2>err || exit 1
grep -v rounds err
exit 0
