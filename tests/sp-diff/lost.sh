# Samples the recorder lost (#lost, sp(5)) carried per side: one run a
# side (a stream, a table), the sp-top view of the diff and sp-flame
# --diff's subtitle; sets of runs (each side's runs summed), the Markdown
# summary and sp-top's view of it; a side without #lost writes none.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sed '2a\
#lost	12	88' b.sp > bl.sp || exit 1
sed '2a\
#lost	3	297' a.sp > al.sp || exit 1
sp-aggregate bl.sp > bl.agg || exit 1
echo "--- b lost"
sp-diff a.sp bl.sp > d || exit 1
sed -n '/^#input/,/^#measure/p' d
sp-top < d | sed -n 1,3p
echo "--- a table, the same"
sp-diff a.sp bl.agg | grep -v '^#input' > d3 || exit 1
grep -v '^#input' d | cmp - d3 || exit 1
echo "--- both lost"
sp-diff al.sp bl.sp > d2 || exit 1
grep '^#lost' d2
sp-top < d2 | sed -n 3p
sp-flame --diff al.sp bl.sp -o f.svg &&
    sed -n 's/.*<text id="subtitle"[^>]*>\([^<]*\)<.*/\1/p' f.svg
sp-flame --diff al.sp b.sp -o f.svg &&
    sed -n 's/.*<text id="subtitle"[^>]*>\([^<]*\)<.*/\1/p' f.svg
echo "--- none"
sp-diff a.sp b.sp | grep -c '^#lost'
echo "--- runs"
mkdir a b || exit 1
awk -v out=a -v runs=3 -v seed=1 -f "$T/mkruns.awk" || exit 1
awk -v out=b -v runs=3 -v seed=2 -f "$T/mkruns.awk" || exit 1
for r in b/run-001.sp b/run-003.sp; do
	sed '1a\
#lost	5	95' $r > t && mv t $r || exit 1
done
sp-diff a b > rd || exit 1
sed -n '/^#input/,/^#measure/p' rd
sp-top < rd | sed -n 1,4p
sp-diff --markdown a b | sed -n 3,5p
sp-flame --diff a b -o f.svg &&
    sed -n 's/.*<text id="subtitle"[^>]*>\([^<]*\)<.*/\1/p' f.svg
echo "--- malformed"
sed 's/^#lost	b	.*/#lost	b	x	1/' d | sp-top; echo "status $?"
sed 's/^#lost	b	.*/#lost	c	1	1/' rd | sp-top; echo "status $?"
