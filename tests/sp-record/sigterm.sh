# SIGTERM to sp-record: it stops perf and the command, removes its
# temporary files and dies of the signal.
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
mkdir tmp
TMPDIR=$PWD/tmp sp-record -- ./hot 30 >out 2>err &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
st=$?
cannot $st err
[ $st -eq 143 ] || exit 1
[ -z "$(ls tmp)" ] || exit 1
! pgrep -f "$PWD/tmp/sp-record" >/dev/null && ! pgrep -f "$PWD/hot 30" >/dev/null
