# Where perf may not record sched:sched_switch, sp-record --off-cpu says
# what to run in one sentence and exits 1, writing nothing: never an
# on-CPU profile in place of the one asked for.  Simulated as user nobody
# with kernel.perf_event_paranoid at 2 (set for the case when it is not,
# and put back); skipped where the test cannot (not root, no setpriv).
[ "$(id -u)" -eq 0 ] || { echo "not root: cannot run as another user" >&2; exit 77; }
command -v setpriv >/dev/null 2>&1 || { echo "setpriv is not installed (util-linux)" >&2; exit 77; }
id nobody >/dev/null 2>&1 || { echo "no user nobody" >&2; exit 77; }
p=/proc/sys/kernel/perf_event_paranoid
[ -r $p ] || { echo "no $p: no perf events here" >&2; exit 77; }
old=$(cat $p)
if [ "$old" != 2 ]; then
	trap 'echo "$old" >$p' EXIT
	trap 'exit 1' INT TERM HUP
	echo 2 >$p 2>/dev/null || { echo "cannot set $p" >&2; exit 77; }
fi
bin=$(dirname "$(command -v sp-record)")
cd /tmp && setpriv --reuid=nobody --regid=nogroup --clear-groups \
    env PATH="$bin:$PATH" TMPDIR=/tmp sp-record --off-cpu -- true
