# Every pprof, .cpuprofile / Chrome trace and speedscope file of
# ../shared/corpus through sp-flatten | sp-aggregate must give
# expected/F.tsv exactly (self, total, cpu_self and cpu_total of every
# frame), as the JSON profiles do in expected.sh; sp-top must print a table
# for each.
C=${SHARED:+$SHARED/corpus}
if [ -z "$C" ] || [ ! -d "$C/expected" ]; then
	echo "../shared/corpus is absent: corpus checks skipped" >&2
	exit 77
fi
n=0 bad=0
for f in "$C"/pprof/* "$C"/cpuprofile/* "$C"/speedscope/*; do
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
	grep -av '^#' "$e" | sort >want
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
[ "$n" -ge 18 ] && [ "$bad" -eq 0 ]
