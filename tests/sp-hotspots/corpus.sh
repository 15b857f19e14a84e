# Acceptance: sp-hotspots --profile P --top 25 on every JSON profile of the
# shared corpus prints a sane report (the header, SELF and TOTAL tables, the
# weight of all threads of sp-flatten -l) and no error.
[ -n "$SHARED" ] && [ -d "$SHARED/corpus" ] ||
    { echo "skipped: no shared corpus" >&2; exit 77; }
n=0 fail=0
for f in "$SHARED"/corpus/samply/* "$SHARED"/corpus/samply-upgraded/* \
    "$SHARED"/corpus/firefox-processed/* "$SHARED"/corpus/gecko/*; do
	[ -f "$f" ] || continue
	case $f in
	*.json|*.json.gz) ;;
	*) continue ;;
	esac
	# Not every JSON file there is a profile (a symbolication response).
	sp-flatten -l "$f" > threads 2>/dev/null || continue
	w=$(awk 'NR > 1 { w += $(NF - 1) } END { print w + 0 }' threads)
	n=$((n + 1))
	if ! sp-hotspots --profile "$f" --top 25 > out 2> err || [ -s err ]; then
		echo "FAIL $f: status or stderr:"
		cat err
		fail=1
		continue
	fi
	if ! grep -q "^profile  " out || ! grep -q '^SELF: ' out ||
	    ! grep -q '^TOTAL: ' out || ! grep -q '^symbols  ' out ||
	    ! grep -q "^samples [0-9].*, weight $w[,]" out; then
		echo "FAIL $f: not a sane report (weight $w):"
		head -n 12 out
		fail=1
	fi
done
echo "$n profiles"
[ $n -gt 0 ] || exit 1
exit $fail
