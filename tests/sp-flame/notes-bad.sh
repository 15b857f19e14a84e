# --notes cannot contain < or >, as flamegraph.pl says
cp "$T/small.folded" .
sp-flame --notes 'a<b' small.folded
