# an aggregate table has no stacks: refused
printf '#sp aggregate 1\n1\t1\t0\t0\tmain\n' | sp-flame
