# The man page's EXAMPLES that need nothing but perf and cc, run as they
# are written (the workload's path made absolute).
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
sed -n '/^\.Sh EXAMPLES/,/^\.Sh/p' "$TOP/man/sp-record.1" |
    sed -n '/^\.Bd/,/^\.Ed/{/^\$ /p;}' | sed 's/^\$ //' >all
# Keeping perf's file (first: its status says whether perf can record).
grep '^sp-record -o hot.data' all >keep
[ "$(wc -l <keep)" -eq 1 ] || exit 1
sh keep 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
[ -s hot.data ] && grep -q 'hot!hot_leaf' hot.sp || exit 1
# The first example: build the workload, record it, rank its functions.
rm -f hot
head -n 2 all | sed "s|tests/workloads/|$TOP/tests/workloads/|" >first
[ "$(wc -l <first)" -eq 2 ] || exit 1
sh -e first >out 2>err || { cat err >&2; exit 1; }
grep -q ' hot!hot_leaf$' out
