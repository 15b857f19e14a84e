# Malformed lines (no count, a negative count, a word) are skipped with one
# summary warning naming the first; the rest is read (as flamegraph.pl).
printf 'main;a 3\nnocount\nmain;b -4\nmain;c x\nmain;d 1\n' >in.folded
sp-flatten in.folded | sp-aggregate -c
