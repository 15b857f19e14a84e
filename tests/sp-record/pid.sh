# -p PID -d SECONDS: attach to a running process, stop after the time,
# counted from when perf records (sp-record says so); the process lives on.
. "$T/real-setup"
. "$TOP/tests/lib/perf-attach"
run_hot
sp-record -p $pid -d 0.5 >out 2>err
attached $? err
kill -0 $pid || exit 1
grep -q "^sp-record: recording $pid for 0.500 s$" err || exit 1
grep -q "^hot	$pid	.*hot!hot_caller;hot!hot_leaf" out || exit 1
# And a pid that is not there.
sp-record -p 2147483647 -d 1 2>err
[ $? -eq 1 ] && grep -q '^sp-record: 2147483647: no such process$' err
