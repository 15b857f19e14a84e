# gzip input is recognised by content; the stream is the same.
cp "$T/basic.txt" . && sp-flatten basic.txt > plain.out &&
gzip -c basic.txt > b.gz && sp-flatten b.gz > gz.out &&
sed 1,2d plain.out > p && sed 1,2d gz.out > g && cmp p g &&
grep -q '^#source	b.gz$' gz.out
