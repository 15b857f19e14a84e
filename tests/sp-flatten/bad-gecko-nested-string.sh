# Gecko v3: a child process profile in a string that is not complete JSON.
cat > p.json <<'J'
{"meta":{"version":3,"startTime":1},"threads":["{\"meta\":{\"version\":3},\"threads\":["]}
J
sp-flatten p.json
