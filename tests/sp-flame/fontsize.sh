# --fontsize: paddings follow it (y values as Perl prints them)
cp "$T/small.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --fontsize 15.5 small.folded | noscript
