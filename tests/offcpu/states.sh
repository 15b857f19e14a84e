# The states other than sleeping (tests/workloads/states.c): fsync on a
# file of the test's directory waits for the disk, uninterruptibly, and
# ends in [off-cpu: uninterruptible]; two busy threads on one CPU (taskset)
# wait for each other's turns, runnable, and end in [off-cpu: preempted].
# Skipped, saying so, where taskset is missing or fsync does not wait (a
# file system in memory).
. "$T/setup"
cc -O2 -g -pthread -o states "$TOP/tests/workloads/states.c" || exit 1
command -v taskset >/dev/null 2>&1 || { echo "taskset is not installed (util-linux)" >&2; exit 77; }
offcpu_record spin.s -- taskset -c 0 ./states spin 200
for th in spin1 spin2; do
	awk -F'\t' -v th=$th '$3 == th' spin.s | cut -f8 |
	    grep -q 'states!spin;.*\[off-cpu: preempted\]$' ||
	    { echo "$th: no sample of spin ends in [off-cpu: preempted]" >&2; exit 1; }
done
offcpu_record fsync.s -- ./states fsync "$PWD/synced" 40
if ! cut -f8 fsync.s | grep -q 'states!sync_page;.*\[off-cpu: uninterruptible\]$'; then
	fs=$(df -PT . 2>/dev/null | awk 'NR == 2 { print $2 }')
	echo "fsync on this directory's file system (${fs:-unknown}) gave no uninterruptible wait: no D state to see here" >&2
	exit 77
fi
