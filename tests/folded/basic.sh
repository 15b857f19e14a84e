# Folded stacks through sp-flatten: one line per distinct stack, counts
# summed, blank and '#' lines skipped silently, trailing ';' dropped as
# flamegraph.pl's split drops it, '\' and tab escaped for the stream.
printf 'main;a;b 3\nmain;a 2\n\n# a comment\nmain;a;b 4\r\nmain;x\\y\tz 1\nmain;;q; 7\n py 5\n' >in.folded
sp-flatten in.folded
