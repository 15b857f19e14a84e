# Names with ; tab backslash newline, raw UTF-8, \uXXXX escapes, surrogate pairs, a lone surrogate: escaped as sp(5) says.
cp "$T/names.json" . && sp-flatten names.json
