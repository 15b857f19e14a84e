# usage (-h, on standard output, status 0) and the man page's SYNOPSIS say
# the same.
command -v mandoc > /dev/null || { echo "mandoc not installed" >&2; exit 77; }
u=$(sp-hotspots -h | sed 's/^usage: //' | tr -s ' \t\n' '   ' |
    sed 's/^ //; s/ $//') || exit 1
m=$(mandoc -Tascii "$TOP/man/sp-hotspots.1" | col -b |
    awk '/^SYNOPSIS/ { s = 1; next } /^[A-Z]/ { s = 0 } s' |
    tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//')
[ "$u" = "$m" ] || { echo "usage:    $u"; echo "synopsis: $m"; exit 1; }
sp-hotspots --help | cmp -s - "$(sp-hotspots -h > h; echo h)" || exit 1
mandoc -Tlint -Wwarning "$TOP/man/sp-hotspots.1" || exit 1
