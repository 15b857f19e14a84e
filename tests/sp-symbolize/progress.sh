# The progress line of the addresses answered: shown (and erased) when
# standard error is a terminal, never when it is a file, silenced by -q.
# (llvm-symbolizer: the dwarf backend is done before the line would show.)
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer python3
build prog -fPIE -pie
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 3 "prog!$(rel prog main);prog!$mark"
	sample 2 "prog!$(rel prog main);prog!$(rel prog work)"
} >in.tsv
sp-symbolize --backend llvm --no-cache -b prog in.tsv > plain.out 2> plain.err || exit 1
grep -q "$(printf '\r')" plain.err && { echo "progress in a file" >&2; exit 1; }
python3 "$TOP/tests/lib/on-pty" tty.out tty sp-symbolize --backend llvm --no-cache -b prog in.tsv || exit 1
cmp plain.out tty.out || exit 1
grep -q "sp-symbolize: prog: [0-9]*/3 addresses" tty ||
    { echo "no progress line" >&2; od -c tty >&2; exit 1; }
# Erased before the summary line.
grep -q "$(printf '\r\033\[K')sp-symbolize: prog: 3/3 addresses resolved" tty ||
    { echo "not erased" >&2; od -c tty >&2; exit 1; }
python3 "$TOP/tests/lib/on-pty" q.out q sp-symbolize --backend llvm -q --no-cache -b prog in.tsv || exit 1
cmp plain.out q.out && [ ! -s q ] || { echo "-q: not silent" >&2; od -c q >&2; exit 1; }
