# SIGINT sent to sp-record alone reaches the command (which traps it here),
# perf writes its file, the stream comes out, and no perf is left running.
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
cat >spin.sh <<'EOS'
trap 'echo got SIGINT >&2; exit 0' INT
: >ready
while :; do :; done
EOS
# A background job of sh starts with SIGINT ignored: give it back.
env --default-signal=INT sp-record -o "$PWD/int.data" -- sh spin.sh \
    >out 2>err &
pid=$!
# Once the command runs (and has set its trap), wait a little for samples.
i=0
while [ ! -f ready ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -INT $pid
wait $pid
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
grep -q '^got SIGINT$' err || exit 1
grep -q '^sh	' out || exit 1
! pgrep -f "$PWD/int.data" >/dev/null
