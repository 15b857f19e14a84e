# Names with spaces, parentheses, '<>', ';', backslashes and tabs are kept
# whole and escaped; a dso path with spaces and parentheses; a comm with a
# space; event lines without period ("cycles:": cpu stays empty) and with a
# tid only (the pid is left empty); a dso " (deleted)", one "//anon".
cp "$T/names.txt" . && sp-flatten names.txt
