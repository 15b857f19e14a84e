# Gecko v3: libs and a child process as JSON strings, rows shorter than the schema, the child's startTime offset.
cp "$T/gecko-v3.json" . && sp-flatten gecko-v3.json
