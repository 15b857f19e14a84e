# Every SVG is well-formed XML (xmllint), whatever the names hold and
# whatever the options, and so is the SVG that says there was nothing.
command -v xmllint >/dev/null 2>&1 || { echo "no xmllint (Debian: libxml2-utils)" >&2; exit 77; }
printf 'a&b;<c>;"d" 2\nctl\001\002;\033[31mred 1\nbad\377\376utf;x 1\nok;]]>;--;x 3\nz\357\277\276;\355\240\200 1\n' >names.folded
bad=0
for opts in "" "--inverted" "--reverse" "--flamechart" "--title a&b<c>" \
    "--subtitle ]]>" "--notes a--b--" "--nametype \"'</script>" \
    "--countname <&>" "--encoding UTF-8" "--fonttype a;}b" "--colors java" \
    "--cp" "--hash" "--random" "--minwidth 0"; do
	# shellcheck disable=SC2086
	sp-flame $opts names.folded >out.svg 2>err || { echo "$opts: status $?"; cat err; bad=1; }
	xmllint --noout --nonet out.svg 2>x || { echo "$opts: not well-formed"; head -n 3 x; bad=1; }
done
: | sp-flame >empty.svg 2>/dev/null
xmllint --noout --nonet empty.svg || bad=1
exit $bad
