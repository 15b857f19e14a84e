# sp-record run by an unprivileged user (nobody, through setpriv), for whom
# kernel.perf_event_mlock_kb limits perf's ring buffer: -F 2999 with DWARF
# stacks asks for more than the limit, so sp-record says the limit holds
# the buffer back, naming its value and the sysctl to raise it, and still
# records (exit 0); a loss, if any, is in the stream's #lost line and said
# at the end.  The sysctls are read, never changed: skipped where an
# unprivileged user may not profile (kernel.perf_event_paranoid above 2),
# where the limit would not hold the buffer back, and when not run as root.
. "$T/real-setup"
[ "$(id -u)" -eq 0 ] || { echo "not root: cannot become another user" >&2; exit 77; }
command -v setpriv >/dev/null 2>&1 ||
    { echo "no setpriv (util-linux) to run sp-record as another user" >&2; exit 77; }
id nobody >/dev/null 2>&1 || { echo "no user nobody" >&2; exit 77; }
par=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null) || par=3
mlock=$(cat /proc/sys/kernel/perf_event_mlock_kb 2>/dev/null) || mlock=
[ "$par" -le 2 ] || { echo "kernel.perf_event_paranoid is $par: an unprivileged user may not profile (not changed here)" >&2; exit 77; }
[ -n "$mlock" ] && [ "$mlock" -lt 8192 ] ||
    { echo "kernel.perf_event_mlock_kb is ${mlock:-unknown}: it would not hold the buffer back" >&2; exit 77; }
sp=$(command -v sp-record)
# The user must reach the programs and a folder of its own.
setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$sp" ||
    { echo "$sp: not reachable by user nobody" >&2; exit 77; }
u=$(mktemp -d /tmp/sp-mlock-user.XXXXXX) || exit 1
trap 'rm -rf "$u"' EXIT
cp hot "$u/" && chown -R nobody:nogroup "$u" || exit 1
(cd "$u" && setpriv --reuid=nobody --regid=nogroup --clear-groups \
    env HOME="$u" TMPDIR="$u" "$sp" -F 2999 -g dwarf -- ./hot 0.3) >s.sp 2>err
st=$?
cannot "$st" err
[ "$st" -eq 0 ] || { cat err >&2; exit 1; }
grep -q "^sp-record: perf's ring buffer held to [0-9]* kB a CPU by kernel.perf_event_mlock_kb ($mlock kB), not the [0-9]* kB -F 2999 asks for: samples may be lost; raise it with 'sysctl kernel.perf_event_mlock_kb=[0-9]*'\$" err ||
    { echo "no word of the mlock limit:" >&2; cat err >&2; exit 1; }
[ "$(grep -vc '^#' s.sp)" -gt 0 ] || { echo "no samples" >&2; exit 1; }
# A loss is carried and said, or there is none.
if grep -q '^#lost' s.sp; then
	grep -q '^sp-record: lost [0-9.]*% of samples' err ||
	    { echo "#lost in the stream, not said" >&2; cat err >&2; exit 1; }
fi
exit 0
