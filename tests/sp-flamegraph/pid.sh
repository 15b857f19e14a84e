# -p PID -d SECONDS, and -p PID until an interrupt: the running process is
# recorded, drawn, and lives on.
. "$T/setup"
need_flame
real_perf
. "$TOP/tests/lib/perf-attach"
run_hot
sp-flamegraph -p $pid -d 2 -o d.svg 2>err
attached $? err
kill -0 $pid || exit 1
[ "$(count d.svg 'hot!hot_leaf')" -gt 0 ] || exit 1
# Until SIGINT (as Ctrl-C, but sent to sp-flamegraph alone), sent once
# sp-record says that perf records: perf takes seconds to attach on a busy
# machine, and an interrupt before that leaves nothing recorded.
sp-flamegraph -p $pid -o i.svg 2>err &
fg=$!
n=0
until grep -q '^sp-record: recording [0-9]* until interrupted$' err; do
	kill -0 $fg 2>/dev/null && [ $n -lt 3000 ] ||
	    { echo "perf never began recording" >&2; cat err >&2; exit 1; }
	n=$((n + 1))
	sleep 0.1
done
sleep 1
kill -INT $fg
wait $fg || { cat err >&2; exit 1; }
kill -0 $pid || exit 1
[ "$(count i.svg 'hot!hot_leaf')" -gt 0 ] || exit 1
grep -q '^sp-flamegraph: wrote i.svg$' err
