# Ctrl-C typed at a terminal (through a pseudo-terminal that python makes):
# the command gets SIGINT (it traps it here), perf writes its file, the
# stream comes out, sp-record exits 0, and no perf is left running.
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3 to make a terminal" >&2; exit 77; }
cat >spin.sh <<'EOS'
trap 'echo got SIGINT >&2; exit 0' INT
: >ready
while :; do :; done
EOS
cat >ctrlc.py <<'EOS'
import os, pty, sys, time
pid, fd = pty.fork()
if pid == 0:
    out = os.open("out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    err = os.open("err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(out, 1)
    os.dup2(err, 2)
    os.execvp("sp-record", ["sp-record", "-o", os.path.abspath("tty.data"),
                            "--", "sh", "spin.sh"])
deadline = time.time() + 30
while not os.path.exists("ready") and time.time() < deadline:
    time.sleep(0.05)
time.sleep(0.3)
os.write(fd, b"\x03")
deadline = time.time() + 30
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        sys.exit(os.waitstatus_to_exitcode(status))
    time.sleep(0.05)
os.kill(pid, 9)
sys.exit(99)
EOS
python3 ctrlc.py
st=$?
cannot $st err
[ $st -eq 0 ] || { echo "status $st" >&2; cat err >&2; exit 1; }
grep -q '^got SIGINT$' err || exit 1
grep -q '^sh	' out || exit 1
! pgrep -f "$PWD/tty.data" >/dev/null
