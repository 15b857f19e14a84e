# A file that does not exist: nothing on stdout, even after a good file.
cp "$T/v0.json" . && sp-flatten nope.json v0.json
