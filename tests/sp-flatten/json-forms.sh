# Valid JSON in every form a writer may use is read: spaces, tabs and CRLF
# around every token, numbers as 1E+0, 2.0, 0.4e1, 50E-1, -0, a \u escape,
# empty and nested arrays and objects in ignored keys, numeric columns of 16
# values and of 15.
cp "$T/json-forms.json" . && sp-flatten -l json-forms.json && sp-flatten json-forms.json | grep -v '^#'
