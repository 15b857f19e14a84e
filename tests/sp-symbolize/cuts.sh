# The frames the first pass cuts out and the output puts back: escaped
# ';' and backslashes around address frames, empty frames, a trailing ';',
# frames that only look like addresses (0X, no digits, 17 digits, a
# non-hex digit), capital hex digits, a samples column, table and folded
# lines, CR line ends, and a last line without a newline; the #symbolized
# lines go before #columns.  A gzip copy, standard input and the input
# split over two files (the headers alone in the first) give the same.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer gzip
build prog
m=$(rel prog main) w=$(rel prog work)
W=$(printf '%s' "$w" | tr a-f A-F | sed 's/^0X/0x/')
{
	printf '#sp samples 2\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	printf '#columns\tprocess\tpid\tthread\ttid\ttime\tweight\tcpu\tstack\tsamples\n'
} >head.tsv
{
	printf 'a\t1\tt\t1\t0\t2\t\tx\\;prog!%s;prog!%s\\;y;prog!%s\t3\n' "$m" "$w" "$m"
	printf 'a\t1\tt\t1\t0\t1\t\tx\\\\;prog!%s;;prog!%s;\t1\n' "$m" "$W"
	printf 'a\t1\tt\t1\t0\t1\t\tprog!0X%s;prog!0x;prog!0x10000000000000000;prog!0x12g4;prog!%s\t1\n' \
	    "${m#0x}" "$w"
	printf 'a\t1\tt\t1\t0\t1\t\tprog!%s\r\n' "$m"
	printf '7\t7\t0\t0\tprog!%s\n' "$w"
	printf 'prog!%s;prog!%s 4\n' "$m" "$w"
	printf 'a\t1\tt\t1\t0\t1\t\tprog!%s;prog!%s\t1' "$w" "$m"
} >body.tsv
cat head.tsv body.tsv >in.tsv
gzip -c in.tsv >in.tsv.gz
sp-symbolize -q --no-cache -b prog in.tsv >out || exit 1
sp-symbolize -q --no-cache -b prog in.tsv.gz | cmp - out || exit 1
sp-symbolize -q --no-cache -b prog <in.tsv | cmp - out || exit 1
sp-symbolize -q --no-cache -b prog head.tsv - <body.tsv | cmp - out || exit 1
sed -e "s|$PWD|DIR|g" -e "s|$(buildid prog)|BUILDID|" out
