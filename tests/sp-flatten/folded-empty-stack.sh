# Folded stacks whose first line has an empty stack (" 3", a count alone,
# as fuzz_read found): a sample of no frames, then the rest; the empty
# stack reached the string table as a null pointer (undefined behaviour,
# caught by the sanitizers).
printf ' 3\nma;a 2\n' | sp-flatten
