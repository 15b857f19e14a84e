# The conversion's progress line (sp-flatten's, reading perf script):
# shown and erased when standard error is a terminal, never when it is a
# file, silenced by -q.
. "$T/fake-setup"
command -v python3 >/dev/null 2>&1 || { echo "no python3 to make a terminal" >&2; exit 77; }
sp-record -- true > plain.out 2> plain.err || exit 1
grep -q "$(printf '\r')" plain.err && { echo "progress in a file" >&2; exit 1; }
python3 "$TOP/tests/lib/on-pty" tty.out tty sp-record -- true || exit 1
cmp plain.out tty.out || exit 1
grep -q "sp-flatten: perf record: [0-9.]* MB read" tty ||
    { echo "no progress line" >&2; od -c tty >&2; exit 1; }
printf '\r\033[K' > erase
[ "$(tail -c 4 tty | od -An -c)" = "$(od -An -c < erase)" ] ||
    { echo "not erased at the end" >&2; od -c tty >&2; exit 1; }
python3 "$TOP/tests/lib/on-pty" q.out q sp-record -q -- true || exit 1
cmp plain.out q.out && [ ! -s q ] || { echo "-q: not silent" >&2; od -c q >&2; exit 1; }
