# -h prints the usage on standard output, and it is the man page's
# SYNOPSIS, as mandoc renders it, up to white space.
sp-symbolize -h >out || exit 1
cat out
command -v mandoc >/dev/null 2>&1 || { echo "skipped: no mandoc" >&2; exit 77; }
syn=$(mandoc -Tascii "$TOP/man/sp-symbolize.1" | col -b |
    sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | tr -s ' \t\n' '   ')
use=$(sed 's/^usage://' out | tr -s ' \t\n' '   ')
[ "$(echo $syn)" = "$(echo $use)" ] ||
    { echo "man: $syn" >&2; echo "usage: $use" >&2; exit 1; }
