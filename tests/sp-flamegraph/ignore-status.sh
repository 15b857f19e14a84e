# A command that fails: no flame graph unless --ignore-status, as
# flamegraph-rs.
. "$T/setup"
need_flame
fake_perf
sp-flamegraph -o a.svg -- sh -c 'exit 3' 2>err
echo "status $?"
sed 's|reads .*/perf.data:|reads DATA:|' err
[ -e a.svg ] && exit 1
sp-flamegraph --ignore-status -o a.svg -- sh -c 'exit 3' 2>err
echo "status $?"
sed 's|reads .*/perf.data:|reads DATA:|' err
[ "$(count a.svg 'hot!main')" = 3 ]
