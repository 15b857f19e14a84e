# difffolded.pl output has two counts: sp-flame draws it, the stream has
# one weight.
printf 'main;a 3 4\n' >d.folded
sp-flatten d.folded
