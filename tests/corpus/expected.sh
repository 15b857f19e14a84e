# Every JSON profile of ../shared/corpus through sp-flatten | sp-aggregate
# must give expected/F.tsv exactly: self, total, cpu_self and cpu_total of
# every frame.  sp-top must print a table for each.
#
# One normalisation, on the expected side: the reference script writes a
# library's name field as it is, and the oldest Firefox fixtures (processed
# version 0) store a full path there; sp names a library by its file name
# (sp(5)), so "/a/b/firefox!0xf84" is compared as "firefox!0xf84".
C=${SHARED:+$SHARED/corpus}
if [ -z "$C" ] || [ ! -d "$C/expected" ]; then
	echo "../shared/corpus is absent: corpus checks skipped" >&2
	exit 77
fi
n=0 bad=0
for f in "$C"/samply/*.json* "$C"/samply-upgraded/*.json* \
    "$C"/firefox-processed/*.json* "$C"/gecko/*.json*; do
	b=${f##*/}
	e=$C/expected/$b.tsv
	[ -f "$e" ] || continue
	n=$((n + 1))
	if ! sp-flatten "$f" >stream 2>err || ! sp-aggregate stream >agg 2>>err
	then
		echo "$b: failed: $(cat err)"
		bad=$((bad + 1))
		continue
	fi
	grep -av '^#' agg | sort >got
	awk -F'\t' -v OFS='\t' '!/^#/ {
		f = $5
		gsub(/\\/, "\\\\", f)
		gsub(/;/, "\\;", f)
		i = index(f, "!")
		if (i > 1) {
			lib = substr(f, 1, i - 1)
			if (lib ~ /\// && lib !~ / /) {
				sub(/.*\//, "", lib)
				f = lib substr(f, i)
			}
		}
		print $1, $2, $3, $4, f
	}' "$e" | sort >want
	if ! cmp -s want got; then
		echo "$b: differs from expected/:"
		diff want got | head -n 6
		bad=$((bad + 1))
		continue
	fi
	if ! sp-top 25 <agg >top 2>err || [ "$(wc -l <top)" -lt 3 ]; then
		echo "$b: sp-top failed: $(cat err)"
		bad=$((bad + 1))
	fi
done
echo "$n profiles compared with expected/, $bad differ"
[ "$n" -gt 60 ] && [ "$bad" -eq 0 ]
