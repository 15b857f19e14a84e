# The man page's first example, run as it is written (the workload's path
# made absolute).
. "$T/setup"
need_flame
real_perf
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
rm -f inline
sed -n '/^\.Sh EXAMPLES/,/^\.Sh/p' "$TOP/man/sp-flamegraph.1" |
    sed -n '/^\.Bd/,/^\.Ed/{/^\$ /p;}' | sed 's/^\$ //' | head -n 2 |
    sed "s|tests/workloads/|$TOP/tests/workloads/|" >first
[ "$(wc -l <first)" -eq 2 ] || exit 1
sh -e first >out 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
[ "$(count inline.svg 'inline!spin')" -gt 0 ]
