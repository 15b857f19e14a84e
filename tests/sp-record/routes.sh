# One recording, two routes: sp's reader (sp-record's default) and the
# perf script fallback (its stages as record.h runs them) give the same
# stream: the same threads (one, without the recorder's pre-exec samples)
# and, for each of hot.c's functions, the same number of samples with a
# frame-pointer recording; with DWARF, perf 6.1's unwinder loses the
# caller of libc's clock_nanosleep ("c34f [unknown]": hot.c naps now and
# then, 1.4% of its samples here) where sp's goes on to main, so perf
# script's counts may be lower by those, never higher, by 3% at most.  A file sp's reader
# refuses (compressed records, perf record -z) is read by perf script,
# and sp-record says why.
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
FIELDS=comm,pid,tid,time,period,event,ip,sym,dso
fallback() {
	perf script -i "$1" -F $FIELDS --no-inline 2>/dev/null |
	    sp-record --internal-perf-filter | sp-flatten -q - |
	    sp-record --internal-from-exec | sp-symbolize -m -q
}
for g in fp dwarf; do
	sp-record -g $g -o $g.data -- ./hot 0.5 >$g.sp 2>err
	st=$?
	cannot $st err
	[ $st -eq 0 ] || { cat err >&2; exit 1; }
	grep -q 'perf script reads' err && { cat err >&2; exit 1; }
	fallback $g.data >$g.ps || exit 1
	for f in sp ps; do
		grep -v '^#' $g.$f | cut -f1-4 | sort -u >$g.$f.threads
		sp-aggregate $g.$f >$g.$f.agg || exit 1
	done
	cmp -s $g.sp.threads $g.ps.threads || { cat $g.*.threads >&2; exit 1; }
	[ "$(wc -l <$g.sp.threads)" -eq 1 ] || exit 1
	# hot.c has no frame pointers: a frame-pointer chain has its leaves.
	fns="hot_leaf warm_leaf"
	[ $g = dwarf ] && fns="main hot_caller hot_leaf cold_caller warm_leaf"
	for fn in $fns; do
		a=$(awk -F'\t' -v f="hot!$fn" '!/^#/ && $5 == f { print $2 }' $g.sp.agg)
		b=$(awk -F'\t' -v f="hot!$fn" '!/^#/ && $5 == f { print $2 }' $g.ps.agg)
		echo "$g: hot!$fn: sp $a, perf script $b" >&2
		[ -n "$a" ] && [ "$a" -gt 0 ] && [ -n "$b" ] || exit 1
		if [ $g = fp ]; then
			[ "$a" -eq "$b" ] || exit 1
		else
			[ "$b" -le "$a" ] && [ $((100 * (a - b))) -le $((3 * a)) ] ||
			    exit 1
		fi
	done
done
# Compressed records: perf script reads them, said once, same stacks.
if perf record -z -o probe.data true >/dev/null 2>&1; then
	sp-record --perf-arg=-z -- ./hot 0.3 >z.sp 2>err || { cat err >&2; exit 1; }
	grep -q '^sp-record: perf script reads .*: .*compressed' err ||
	    { cat err >&2; exit 1; }
	grep -q 'hot!main;hot!hot_caller;hot!hot_leaf' z.sp || exit 1
else
	echo "perf record -z: not supported here (the fallback case left out)" >&2
fi
