# A g_extra or a_extra that would make the SVG not well-formed is refused,
# naming the file and the line: not name="value", a name that is not an
# XML name, an attribute sp-flame writes itself, one given twice.
cp "$T/small.folded" .
for extra in 'g_extra=data-x=1' 'g_extra=data-x="1' 'g_extra=a<b="1"' \
    'g_extra=data-x="1"data-y="2"' 'g_extra=class="x"' \
    'a_extra=xlink:href="y"' 'g_extra=d="1"	a_extra=d="2"' \
    'g_extra=foo:bar="1"' 'g_extra=xmlns="x"'; do
	printf 'ok\ttitle=fine\nparse\t%s\n' "$extra" >attrs
	sp-flame --nameattr attrs small.folded >out.svg
	echo "status $?"
	[ -s out.svg ] && echo "wrote an SVG"
done
exit 0
