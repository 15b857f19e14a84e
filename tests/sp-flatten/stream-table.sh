# An aggregate table or a diff table has no samples to select: sp-flatten
# refuses it in one sentence naming the tools that read it, exit 1, and
# nothing on stdout.
cp "$T/stream.sp" . || exit 2
sp-flatten stream.sp | sp-aggregate >t.agg || exit 2
sp-flatten t.agg
echo "status $?"
sp-diff t.agg t.agg >d.tsv || exit 2
sp-flatten <d.tsv
echo "status $?"
# Broken streams: one line naming the file and line.
printf '#sp samples 3\n' >v3.sp
sp-flatten v3.sp
echo "status $?"
printf '#sp samples 1\napp\t1\tmain\t1\t0\t-1\t\tmain\n' >neg.sp
sp-flatten neg.sp
echo "status $?"
printf '#sp samples 1\napp\t1\tmain\t1\t0\t1\n' >short.sp
sp-flatten short.sp
echo "status $?"
sp-flatten -c stream.sp >c.sp && sp-flatten stream.sp c.sp >/dev/null
echo "status $?"
