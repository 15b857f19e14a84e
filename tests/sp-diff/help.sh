sp-diff -h
