# Hostile input must not make the reader hang: a Gecko profile with 100000
# libraries and 100000 native frames, each in the last library.  Mapping an
# address must not scan every library: that is 10^10 comparisons (5 s of
# CPU here), while reading the file takes 0.2 s (0.7 s under ASan).  The
# limit is on CPU time, so a loaded machine does not make this fail.
awk -v n=100000 'BEGIN {
printf "{\"meta\":{\"version\":24,\"startTime\":0},\"libs\":["
for (i = 0; i < n; i++)
	printf "%s{\"name\":\"l%d\",\"start\":%d,\"end\":%d,\"offset\":0}", (i ? "," : ""), i, 4096 * (i + 1), 4096 * (i + 2)
printf "],\"threads\":[{\"name\":\"t\",\"stringTable\":[\"0x%x\"]", 4096 * n + 16
printf ",\"frameTable\":{\"schema\":{\"location\":0},\"data\":["
for (i = 0; i < n; i++) printf "%s[0]", (i ? "," : "")
printf "]},\"stackTable\":{\"schema\":{\"prefix\":0,\"frame\":1},"
printf "\"data\":[[null,0]]},\"samples\":{\"schema\":{\"stack\":0,\"time\":1},"
printf "\"data\":[[0,1]]}}]}\n" }' > libs.json || exit 2
(ulimit -t 3 && exec sp-flatten libs.json) > out 2> err
st=$?
[ "$st" -eq 0 ] || { echo "status $st (over 3 s of CPU?)"; cat err; exit 1; }
tail -n 1 out
