# One malformed line: its line number and what is wrong.
printf 'main;a 3\nmain;b 2x\n' | sp-flatten | sp-aggregate -c
