# The progress line: shown (and erased) when standard error is a terminal,
# never when it is a file, silenced by -q; the output is the same.
command -v python3 >/dev/null 2>&1 || { echo "no python3 to make a terminal" >&2; exit 77; }
cp "$T/rec.json" . || exit 2
gzip -c rec.json > rec.json.gz
sp-flatten rec.json.gz > plain.out 2> plain.err || exit 1
[ -s plain.out ] && [ ! -s plain.err ] || { echo "stderr not empty" >&2; exit 1; }
python3 "$TOP/tests/lib/on-pty" tty.out tty sp-flatten rec.json.gz || exit 1
cmp plain.out tty.out || exit 1
# Drawn in place: "\rsp-flatten: rec.json.gz: N% (...)", erased at the end.
grep -q "sp-flatten: rec.json.gz: [0-9]*% (" tty || { echo "no progress line" >&2; od -c tty >&2; exit 1; }
printf '\r\033[K' > erase
[ "$(tail -c 4 tty | od -An -c)" = "$(od -An -c < erase)" ] ||
    { echo "not erased at the end" >&2; od -c tty >&2; exit 1; }
python3 "$TOP/tests/lib/on-pty" q.out q sp-flatten -q rec.json.gz || exit 1
cmp plain.out q.out && [ ! -s q ] || { echo "-q: not silent" >&2; od -c q >&2; exit 1; }
