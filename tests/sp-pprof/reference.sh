# The reference reader of ../shared/bench/ref_formats.py reads sp-pprof's
# output back into the aggregate of the stream (without source lines, which
# its frame names leave out): on the hand-made stream and the demo profile.
[ -n "$SHARED" ] && [ -f "$SHARED/bench/ref_formats.py" ] ||
    { echo "no ../shared/bench/ref_formats.py" >&2; exit 77; }
sp-flatten "$TOP/tests/data/demo-profile.json" > demo.sp || exit 1
for s in "$T/small.sp" demo.sp; do
	sp-pprof "$s" > p.pb.gz || exit 1
	python3 "$SHARED/bench/ref_formats.py" p.pb.gz --tsv | LC_ALL=C sort > ref.tsv ||
	    exit 1
	sp-aggregate --no-lines "$s" | grep -v '^#' | LC_ALL=C sort > agg.tsv
	diff -u agg.tsv ref.tsv || exit 1
	[ -s agg.tsv ] || exit 1
done
