# -p PID -d SECONDS: attach to a running process, stop after the time,
# counted from when perf records (sp-record says so); the process lives on.
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
./hot 120 >/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
sleep 0.1
sp-record -p $pid -d 0.5 >out 2>err
st=$?
cannot $st err
if [ $st -ne 0 ]; then
	# Some kernels (seen in a microVM) never enable events attached to a
	# running task: perf itself then counts nothing.
	if grep -q 'no samples' err &&
	    perf stat -e task-clock -p $pid -- sleep 0.2 2>&1 |
	    grep -q 'not counted'; then
		echo "perf cannot attach to a running process here (perf stat -p: not counted)" >&2
		exit 77
	fi
	cat err >&2
	exit 1
fi
kill -0 $pid || exit 1
grep -q "^sp-record: recording $pid for 0.500 s$" err || exit 1
grep -q "^hot	$pid	.*hot!hot_caller;hot!hot_leaf" out || exit 1
# And a pid that is not there.
sp-record -p 2147483647 -d 1 2>err
[ $? -eq 1 ] && grep -q '^sp-record: 2147483647: no such process$' err
