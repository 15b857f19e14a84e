# Hostile input must not make the reader hang: a Gecko profile with 50000
# libraries and 50000 native frames, each in the last library.  Mapping an
# address must not scan every library (quadratic: about 13 s here), so this
# takes well under 10 s.
awk -v n=50000 'BEGIN {
printf "{\"meta\":{\"version\":24,\"startTime\":0},\"libs\":["
for (i = 0; i < n; i++)
	printf "%s{\"name\":\"l%d\",\"start\":%d,\"end\":%d,\"offset\":0}", (i ? "," : ""), i, 4096 * (i + 1), 4096 * (i + 2)
printf "],\"threads\":[{\"name\":\"t\",\"stringTable\":[\"0x%x\"]", 4096 * n + 16
printf ",\"frameTable\":{\"schema\":{\"location\":0},\"data\":["
for (i = 0; i < n; i++) printf "%s[0]", (i ? "," : "")
printf "]},\"stackTable\":{\"schema\":{\"prefix\":0,\"frame\":1},"
printf "\"data\":[[null,0]]},\"samples\":{\"schema\":{\"stack\":0,\"time\":1},"
printf "\"data\":[[0,1]]}}]}\n" }' > libs.json || exit 2
command -v timeout > /dev/null || { echo "no timeout(1)" >&2; exit 77; }
timeout 10 sp-flatten libs.json > out 2> err
st=$?
[ "$st" -eq 124 ] && { echo "still running after 10 s"; exit 1; }
[ "$st" -eq 0 ] || { echo "status $st"; cat err; exit 1; }
tail -n 1 out
