# "5." and "5.00" are whole numbers; counts add up past 32 bits.
printf 'a;b 5.\na;b 5.00\na;c 4294967296\na;c 4294967296\n' | sp-flatten | sp-aggregate -c
