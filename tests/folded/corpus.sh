# Every corpus folded file reads, and sp-aggregate -c of the stream gives
# back its stacks with the same total (the files are already merged).
[ -n "$SHARED" ] || { echo "no ../shared corpus" >&2; exit 77; }
st=0
for f in "$SHARED"/corpus/collapsed/*; do
	sp-flatten "$f" | sp-aggregate -c >out || { echo "$f: failed"; exit 1; }
	a=$(awk '{ n += $NF } END { print n }' "$f")
	b=$(awk '{ n += $NF } END { print n }' out)
	if [ "$a" != "$b" ]; then
		echo "$(basename "$f"): total $a, through sp-flatten $b"
		st=1
	fi
done
exit $st
