# On real profiles (when ../shared/corpus is there): the merge property
# holds, and --collapsed sums to the weight of the samples with a stack.
c=${SHARED:+$SHARED/corpus}
[ -n "$c" ] && [ -d "$c/samply" ] || { echo "no corpus" >&2; exit 77; }
command -v sp-flatten > /dev/null || { echo "no sp-flatten" >&2; exit 77; }
n=0
for f in "$c"/samply/samply-v49-linux-x86_64-euler-tiny.json.gz \
    "$c"/samply/samply-v55-macos-arm64-bplustree-small.json.gz \
    "$c"/gecko/gecko-v13-fixture-gecko-2-processes.json; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	sp-flatten "$f" > s || exit 1
	sp-aggregate s > whole || exit 1
	lines=$(wc -l < s)
	half=$((lines / 2))
	head -n "$half" s | sp-aggregate > a || exit 1
	tail -n +"$((half + 1))" s | sp-aggregate > b || exit 1
	sp-aggregate a b | cmp - whole || { echo "merge differs: $f"; exit 1; }
	w=$(awk -F'\t' '$1 !~ /^#/ && $8 != "" { s += $6 } END { print s + 0 }' s)
	sum=$(sp-aggregate -c s | awk '{ s += $NF } END { print s + 0 }')
	[ "$w" = "$sum" ] || { echo "folded sum $sum, weight $w: $f"; exit 1; }
done
[ "$n" -gt 0 ] || { echo "corpus files not found" >&2; exit 77; }
