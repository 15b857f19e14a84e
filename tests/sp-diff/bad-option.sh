sp-diff -x a b
