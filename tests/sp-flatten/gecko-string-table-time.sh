# Hostile input must not make the reader hang: a Gecko stringTable of 20000
# strings and one nested array, with 20000 frames naming the last string.
# Whether this is refused (a value of the wrong type) or read, it must take
# well under 5 s of CPU (a lookup that walked the table element by element
# made it quadratic: 30 s here).  A CPU limit, not a wall-clock one, so
# that a loaded machine does not make it fail.
awk -v n=20000 'BEGIN {
printf "{\"meta\":{\"version\":24,\"startTime\":0},\"libs\":[],\"threads\":[{"
printf "\"name\":\"t\",\"stringTable\":["
for (i = 0; i < n; i++) printf "\"s%d\",", i
printf "[1]],\"frameTable\":{\"schema\":{\"location\":0},\"data\":["
for (i = 0; i < n; i++) printf "%s[%d]", (i ? "," : ""), n - 1
printf "]},\"stackTable\":{\"schema\":{\"prefix\":0,\"frame\":1},"
printf "\"data\":[[null,0]]},\"samples\":{\"schema\":{\"stack\":0,\"time\":1},"
printf "\"data\":[[0,1]]}}]}\n" }' > quad.json || exit 2
(ulimit -t 5 && exec sp-flatten quad.json) > /dev/null 2> err
st=$?
[ "$st" -gt 128 ] && { echo "killed (status $st): over 5 s of CPU"; exit 1; }
[ "$st" -eq 0 ] || [ "$st" -eq 1 ] || { echo "status $st"; cat err; exit 1; }
exit 0
