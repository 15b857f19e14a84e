# A reader that goes away early (| head -1) ends sp-flatten quietly: no
# message (the status is that of SIGPIPE, or 0 if it raced).
awk 'BEGIN { n = 200000
printf "{\"meta\":{\"preprocessedProfileVersion\":56},\"libs\":[],"
printf "\"shared\":{\"stringArray\":[\"main\",\"work\"]},\"threads\":[{"
printf "\"name\":\"t\",\"pid\":\"1\",\"tid\":\"1\","
printf "\"stackTable\":{\"length\":2,\"prefix\":[null,0],\"frame\":[0,1]},"
printf "\"frameTable\":{\"length\":2,\"func\":[0,1]},"
printf "\"funcTable\":{\"length\":2,\"name\":[0,1]},"
printf "\"samples\":{\"length\":%d,\"stack\":[", n
for (i = 0; i < n; i++) printf "%s1", (i ? "," : "")
printf "],\"time\":["
for (i = 0; i < n; i++) printf "%s%d", (i ? "," : ""), i
printf "]}}]}\n" }' > big.json || exit 2
{ sp-flatten big.json 2> err; echo $? > st; } | head -n 1
[ -s err ] && { echo "stderr:"; cat err; exit 1; }
st=$(cat st)
[ "$st" -eq 141 ] || [ "$st" -eq 0 ] || { echo "status $st"; exit 1; }
# and -c, whose lines come at the end
{ sp-flatten -c big.json 2> err; echo $? > st; } | head -n 1
[ -s err ] && { echo "stderr:"; cat err; exit 1; }
exit 0
