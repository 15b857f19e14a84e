# A table with a negative count is refused, as sp-aggregate and sp-diff
# refuse it (common/agg/aggtable.c), nothing on stdout.
printf '#sp aggregate 1\n1\t2\t-3\t4\tf\n' | sp-top
