# fractional counts, as flamegraph.pl accepts them
printf 'a;b 1.5\na;c 2.25\na;b 0.25\n' | sp-flame | grep '<title>'
