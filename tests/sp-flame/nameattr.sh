# --nameattr: per-name attributes; href makes a link
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
printf 'parse\tclass=hot\thref=http://x/?a=1\ttitle=Parse it\nlex\tid=lexer\tg_extra=data-x="1"\n' >attrs && sp-flame --nameattr attrs small.folded | noscript
