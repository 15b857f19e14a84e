# The same frames at the same places as flamegraph.pl: each frame's name,
# count, depth (y), x and width, for every folded file of the corpus and
# for sp-aggregate -c of corpus profiles, with the default options and
# with --reverse, --inverted, --minwidth 1% and --width 600.
. "$TOP/tests/lib/flame-frames"
fg=
if [ -n "$SHARED" ] && [ -f "$SHARED/tools/FlameGraph/flamegraph.pl" ]; then
	fg="perl $SHARED/tools/FlameGraph/flamegraph.pl"
elif command -v flamegraph.pl >/dev/null 2>&1; then
	fg=flamegraph.pl
fi
[ -n "$fg" ] || { echo "flamegraph.pl is neither in ../shared/tools nor on PATH" >&2; exit 77; }
command -v perl >/dev/null 2>&1 || { echo "no perl to run flamegraph.pl" >&2; exit 77; }
[ -d "$SHARED/corpus/collapsed" ] || { echo "no ../shared corpus" >&2; exit 77; }
mkdir in
for f in "$SHARED"/corpus/collapsed/*; do
	cp "$f" "in/$(basename "$f")"
done
for p in perf-script/flamegraph-example-perf-stacks.txt.gz perf-script/perf-gecko-tool-noploop-inlined.txt \
    samply/samply-v49-linux-x86_64-euler-tiny.json.gz samply/samply-v49-linux-x86_64-jar-vm-2proc.json.gz \
    samply/samply-v49-linux-x86_64-ubuntu-monte-cardo.json.gz samply/samply-v41-linux-aarch64-ls-import.json; do
	[ -f "$SHARED/corpus/$p" ] || continue
	sp-flatten "$SHARED/corpus/$p" >"$(basename "$p").stream" || exit 1
	sp-aggregate -c "$(basename "$p").stream" >"in/agg-$(basename "$p").folded" || exit 1
done
bad=0 n=0
for f in in/*; do
	for opts in "" "--reverse" "--inverted" "--minwidth 1%" "--width 600"; do
		# shellcheck disable=SC2086
		$fg $opts "$f" >pl.svg 2>/dev/null
		# shellcheck disable=SC2086
		sp-flame $opts "$f" >sp.svg || { echo "$f $opts: sp-flame failed"; bad=1; continue; }
		flame_frames pl.svg >pl.frames
		flame_frames sp.svg >sp.frames
		n=$((n + 1))
		if ! cmp -s pl.frames sp.frames; then
			echo "$(basename "$f") $opts: frames differ from flamegraph.pl:"
			diff pl.frames sp.frames | head -n 10
			bad=1
		fi
		[ -s sp.frames ] || { echo "$(basename "$f") $opts: no frames"; bad=1; }
	done
done
# A stream drawn directly is what sp-aggregate -c of it draws.
for s in *.stream; do
	[ -f "$s" ] || continue
	$fg "in/agg-${s%.stream}.folded" >pl.svg 2>/dev/null
	sp-flame "$s" >sp.svg || { echo "$s: sp-flame failed"; bad=1; continue; }
	flame_frames pl.svg >pl.frames
	flame_frames sp.svg >sp.frames
	n=$((n + 1))
	cmp -s pl.frames sp.frames || { echo "$s: the stream's frames differ"; diff pl.frames sp.frames | head -n 10; bad=1; }
done
[ "$n" -ge 50 ] || { echo "only $n comparisons"; bad=1; }
exit $bad
