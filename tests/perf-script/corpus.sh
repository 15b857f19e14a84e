# With ../shared present: every perf script file of the corpus reads without
# error, and sp-flatten | sp-aggregate --collapsed reproduces inferno's and
# FlameGraph's collapsed output for each pair (sorted), except the lines
# explained in man/sp-flatten.1 (perf script input), listed here as KNOWN.
[ -n "$SHARED" ] && [ -d "$SHARED/corpus/perf-script" ] ||
	{ echo "no ../shared/corpus: skipped" >&2; exit 77; }
P=$SHARED/corpus/perf-script
C=$SHARED/corpus/collapsed
fail=0
for f in "$P"/*; do
	for o in "" "--annotate --unknown-dso --period"; do
		if ! sp-flatten $o "$f" > out 2> err; then
			echo "$f: failed:" >&2; cat err >&2; fail=1
		fi
		grep -q '^#units' out || { echo "$f: no #units" >&2; fail=1; }
	done
done
sp-flatten --help 2>&1 | grep -q -e --tidy || {
	echo "sp-flatten has no --tidy yet: collapsed pairs not compared" >&2
	exit $fail
}

# The pairs: input, collapsed file, how they may differ, sp-flatten options.
# inferno weights by the period and names unknown symbols [dso]; FlameGraph
# counts samples; "-all" adds the _[k] _[j] _[i] annotations.  Differences
# on purpose (explained in the man page):
#   exact    none;
#   inlined  sp marks perf's "(inlined)" frames, inferno does not;
#   lastrec  sp keeps the last record of a file that does not end in a blank
#            line, FlameGraph's stackcollapse-perf.pl drops it: one more
#            stack, of weight 1.
while read -r in col how opts; do
	sp-flatten $opts "$P/$in" 2> err | sp-aggregate -c -L -r thread |
	    LC_ALL=C sort > got || { echo "$in: failed" >&2; fail=1; }
	LC_ALL=C sort "$C/$col" > want
	case $how in
	inlined)
		sed 's/ (inlined)//g' got | LC_ALL=C sort > g2 && mv g2 got
		cmp -s want got ;;
	lastrec)
		diff want got > d
		[ "$(grep -c '^<' d)" = 0 ] && [ "$(grep -c '^>' d)" = 1 ] &&
		    grep -q '^> .* 1$' d ;;
	*)
		cmp -s want got ;;
	esac || {
		echo "$col: unexpected differences:" >&2
		diff want got | head -10 | cut -c1-200 >&2
		fail=1
	}
done <<PAIRS
flamegraph-example-perf-stacks.txt.gz inferno-example-perf-stacks-collapsed.txt exact --period --unknown-dso --tidy
flamegraph-perf-cycles-instructions-01.txt flamegraph-perf-cycles-instructions-01-collapsed-all.txt exact --unknown-dso --annotate --tidy
flamegraph-perf-iperf-stacks-pidtid-01.txt flamegraph-perf-iperf-stacks-pidtid-01-collapsed-all.txt lastrec --unknown-dso --annotate --tidy
flamegraph-perf-java-stacks-01.txt flamegraph-perf-java-stacks-01-collapsed-all.txt lastrec --unknown-dso --annotate --tidy
flamegraph-perf-rust-Yamakaky-dcpu.txt inferno-perf-rust-Yamakaky-dcpu-collapsed-all.txt exact --period --unknown-dso --annotate --tidy
inferno-cpp-stacks-std-function.txt inferno-cpp-stacks-std-function-collapsed.txt inlined --period --unknown-dso --tidy
inferno-go-stacks.txt inferno-go-stacks-collapsed.txt exact --period --unknown-dso --tidy
inferno-java-inline.txt inferno-java-inline-collapsed.txt exact --period --unknown-dso --tidy
inferno-single-event.txt inferno-single-event-collapsed.txt exact --period --unknown-dso --tidy
PAIRS
exit $fail
