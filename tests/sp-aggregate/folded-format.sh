# Folded output is what flamegraph.pl parses: "frames COUNT", one stack a
# line, no tab, no empty frame list, and the counts add up to the weight of
# the samples that have a stack (with a root, of all samples).
sp-aggregate -c "$T/threads.sp" > f || exit 1
grep -v -E '^[^	]+ [0-9]+$' f && { echo "bad folded line"; exit 1; }
sum=$(awk '{ s += $NF } END { print s }' f)
[ "$sum" -eq 14 ] || { echo "sum $sum"; exit 1; }
sp-aggregate -c -r thread "$T/threads.sp" > g || exit 1
grep -v -E '^[^	]+ [0-9]+$' g && exit 1
sum=$(awk '{ s += $NF } END { print s }' g)
[ "$sum" -eq 16 ] || { echo "sum $sum"; exit 1; }
# Sorted by stack bytes, each stack once.
LC_ALL=C sort -c f || exit 1
[ "$(sed 's/ [0-9]*$//' f | sort | uniq -d)" = "" ] || exit 1
echo ok
