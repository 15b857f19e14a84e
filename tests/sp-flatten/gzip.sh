# gzip is recognised by content: a .json file that is gzip, a .gz file that
# is plain, a multi-member gzip (cat a.gz b.gz) cut in the middle of the
# JSON; each gives the output of the plain file.
sp-flatten "$T/v55.json" | sed 1,2d > want
gzip -c "$T/v55.json" > p.json &&
cp "$T/v55.json" q.json.gz &&
head -c 1000 "$T/v55.json" | gzip -c > m1.gz &&
tail -c +1001 "$T/v55.json" | gzip -9 -c > m2.gz &&
cat m1.gz m2.gz > m.json.gz || exit 1
for f in p.json q.json.gz m.json.gz; do
	sp-flatten $f > out || exit 1
	sed -n 2p out
	sed 1,2d out | cmp - want || exit 1
done
