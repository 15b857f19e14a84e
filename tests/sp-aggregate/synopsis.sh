# usage() and the man page's SYNOPSIS say the same.
command -v mandoc > /dev/null || { echo "mandoc not installed" >&2; exit 77; }
u=$(sp-aggregate -h | sed 's/^usage: //' | tr -s ' \t\n' '   ' | sed 's/ $//')
m=$(mandoc -Tascii "$TOP/man/sp-aggregate.1" | col -b |
    awk '/^SYNOPSIS/ { s = 1; next } /^[A-Z]/ { s = 0 } s' |
    tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//')
[ "$u" = "$m" ] || { echo "usage:    $u"; echo "synopsis: $m"; exit 1; }
