# Differential graphs as flamegraph.pl draws difffolded.pl's output: the
# same frames at the same places with the same fill, for corpus folded
# files against a changed copy of themselves (some stacks dropped, some
# tripled), with default options, --negate and --reverse.
fgdir=
[ -n "$SHARED" ] && [ -f "$SHARED/tools/FlameGraph/flamegraph.pl" ] &&
    [ -f "$SHARED/tools/FlameGraph/difffolded.pl" ] && fgdir=$SHARED/tools/FlameGraph
[ -n "$fgdir" ] || { echo "flamegraph.pl and difffolded.pl are not in ../shared/tools" >&2; exit 77; }
command -v perl >/dev/null 2>&1 || { echo "no perl to run flamegraph.pl" >&2; exit 77; }
frames() {
	sed -n 's/^<title>\(.*\)<\/title><rect x="\([^"]*\)" y="\([^"]*\)" width="\([^"]*\)".*fill="\([^"]*\)".*/\1|\2|\3|\4|\5/p' "$1" | LC_ALL=C sort
}
bad=0 n=0
for f in "$SHARED"/corpus/collapsed/*; do
	awk 'NR % 3 != 0' "$f" >a.folded
	awk '{ if (NR % 5 == 0) $NF = $NF * 3; print }' "$f" >b.folded
	perl "$fgdir/difffolded.pl" a.folded b.folded >d.folded 2>/dev/null
	[ -s d.folded ] || continue
	for opts in "" "--negate" "--reverse"; do
		# shellcheck disable=SC2086
		perl "$fgdir/flamegraph.pl" $opts d.folded >pl.svg 2>/dev/null
		# shellcheck disable=SC2086
		sp-flame $opts d.folded >sp.svg || { echo "$f $opts: sp-flame failed"; bad=1; continue; }
		frames pl.svg >pl.frames
		frames sp.svg >sp.frames
		n=$((n + 1))
		if ! cmp -s pl.frames sp.frames; then
			echo "$(basename "$f") $opts: differs from flamegraph.pl:"
			diff pl.frames sp.frames | head -n 6
			bad=1
		fi
	done
done
[ "$n" -ge 20 ] || { echo "only $n comparisons"; bad=1; }
exit $bad
