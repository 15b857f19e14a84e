# -h prints the usage on stdout, the same words as the man page's SYNOPSIS;
# usage errors print it on stderr and exit 1.
sp-record -h >out || exit 1
sed -e 's/^usage: //' out | tr -s ' \n' '  ' >u
if command -v mandoc >/dev/null 2>&1; then
	mandoc -Tascii "$TOP/man/sp-record.1" | col -b |
	    sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' |
	    tr -s ' \t\n' '   ' >m
	[ "$(sed 's/^ *//;s/ *$//' u)" = "$(sed 's/^ *//;s/ *$//' m)" ] || {
		cat u m >&2; exit 1; }
fi
for args in "" "-x -- true" "-p 1 -- true" "-p 1 --cargo" "-F 0 -- true" \
    "-g frames -- true" "-d 1 -- true" "-d x -p 1" "--bin x -- true" \
    "--bin x --test y --cargo" "-P dtrace -- true" "-p abc" "-p 1,,2" \
    "--record-only -- true" "--unit-test --bin x --cargo" \
    "-P samply -p 1,2"; do
	sp-record $args >o 2>e
	echo "$args: status $? $(grep -v '^ ' e | head -n 1)"
	[ -s o ] && exit 1
done
exit 0
