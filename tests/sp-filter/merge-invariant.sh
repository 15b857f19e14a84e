# After --merge F, every other frame's total (and cpu_total) is what it was:
# a sample contains a frame before the merge exactly when it does after.
# On the hand-made stream, every frame in turn; on a corpus profile (when
# ../shared is there), its ten frames of the largest total.
check() {	# stream frame
	sp-aggregate "$1" | awk -F'\t' '!/^#/' > before
	sp-filter --merge "$2" "$1" | sp-aggregate | awk -F'\t' '!/^#/' > after
	# ENVIRON, not -v: awk would read the escapes of the frame.
	F=$2 awk -F'\t' '$5 != ENVIRON["F"] { print $2 "\t" $4 "\t" $5 }' before |
	    LC_ALL=C sort > want
	awk -F'\t' '{ print $2 "\t" $4 "\t" $5 }' after | LC_ALL=C sort > got
	if ! cmp -s want got; then
		printf '%s\n' "--merge $2 changed other totals:"
		diff want got | head -n 10
		exit 1
	fi
	if F=$2 awk -F'\t' '$5 == ENVIRON["F"] { x = 1 } END { exit !x }' after
	then
		printf '%s\n' "--merge $2 left the frame"
		exit 1
	fi
	n=$((n + 1))
}
n=0
sp-aggregate "$T/in.sp" | awk -F'\t' '!/^#/ { print $5 }' > frames
while IFS= read -r f; do check "$T/in.sp" "$f"; done < frames
p=${SHARED:+$SHARED/corpus/samply/samply-v55-macos-arm64-raytracer-21threads.json.gz}
if [ -n "$p" ] && [ -f "$p" ]; then
	sp-flatten "$p" > corpus.sp
	sp-aggregate corpus.sp | awk -F'\t' '!/^#/' | LC_ALL=C sort -t '	' \
	    -k2,2nr | head -n 10 | cut -f 5 > frames
	while IFS= read -r f; do check corpus.sp "$f"; done < frames
fi
echo "$n frames merged, other totals unchanged" >&2
