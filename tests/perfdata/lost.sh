# A hand-made perf.data with perf's LOST and LOST_SAMPLES records
# (mkfixtures.py): the stream's #lost header counts the samples lost (the
# LOST_SAMPLES, as perf's "lost N%") and those recorded; sp-aggregate sums
# it over its inputs into the table; sp-top says it under its summary.
cp "$T/lost.data" . && sp-flatten lost.data 2>/dev/null >s || exit 1
grep '^#lost' s
sp-aggregate s s | grep '^#lost'
sp-aggregate s | sp-top 1 | sed -n 2p
sp-flame s -o f.svg && sed -n 's/.*<text id="subtitle"[^>]*>\([^<]*\)<.*/\1/p' f.svg
