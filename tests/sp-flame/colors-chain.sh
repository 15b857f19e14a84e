# --colors chain: waker parts after ";--;" marked _[w] (aqua), a "--" frame
# after the first part, as flamegraph.pl rewrites stacks for it
printf 'a;b;--;w1;w2 3\na;c 2\n' | sp-flame --colors chain | grep "^<title>" | sed "s/<text.*//"
