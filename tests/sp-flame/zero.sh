# a total of zero: the same
printf 'a;b 0\nc 0\n' | sp-flame
