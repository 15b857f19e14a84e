# Cut short in the middle of an event line.
cp "$T/cut.txt" . && printf 'a.out 7 [000] 10.00' >> cut.txt && sp-flatten cut.txt
