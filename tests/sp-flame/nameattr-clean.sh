# --nameattr's values are cleaned and escaped as names are: control
# characters, quotes and markup in title, href, id, class, target and the
# values of g_extra and a_extra leave the SVG well-formed XML (xmllint),
# drawn as U+FFFD and entities.
command -v xmllint >/dev/null 2>&1 || { echo "no xmllint (Debian: libxml2-utils)" >&2; exit 77; }
printf 'parse\ttitle=a\001"b"<c>&\033[0m\thref=http://x/?a=1&b="2"\002\tid=p"\003\tclass=c<\004>\ttarget=_\005"top\tg_extra=data-x="1\006<>&" data-y='"'"'"q"\177'"'"'\ta_extra=rel="no\037ref"\nlex\tclass=\001\tg_extra=data-z="\r"\n' >attrs
sp-flame --nameattr attrs "$T/small.folded" >out.svg || exit 1
xmllint --noout --nonet out.svg || exit 1
grep -A 1 '^<a \|^<g class' out.svg
