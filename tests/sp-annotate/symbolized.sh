# A stream symbolized with lines (sp-symbolize -l) has no addresses left,
# but its " @ FILE:LINE" frames still give the source view: the same self
# and total per line as the stream before symbolizing, a note that the
# instructions are gone.  Symbolized without lines: the figures and why.
. "$T/craft"
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
craft hot hot hot_leaf | awk -F'\t' 'BEGIN { OFS = FS } !/^#/ { $6 = NR % 4 + 1 } { print }' >s.sp
sp-symbolize -q -l -b hot s.sp >l.sp || exit 1
sp-symbolize -q -b hot s.sp >n.sp || exit 1
rows() {
	awk 'substr($0, 33, 7) ~ /^ *[0-9]+$/ {
		s = substr($0, 1, 9); t = substr($0, 17, 9); l = substr($0, 33, 7)
		gsub(/ /, "", s); gsub(/ /, "", t); gsub(/ /, "", l)
		if (s == ".") s = 0; if (t == ".") t = 0
		if (s != 0 || t != 0) print l, s, t }' "$1"
}
sp-annotate -C hot_leaf s.sp >raw.txt || exit 1
sp-annotate -C 'hot!hot_leaf' l.sp >sym.txt || exit 1
rows raw.txt >raw.rows
rows sym.txt >sym.rows
[ -s raw.rows ] && diff -u raw.rows sym.rows || { cat raw.txt sym.txt >&2; exit 1; }
head -n 1 raw.txt >h1
head -n 1 sym.txt >h2
cmp -s h1 h2 || { echo "headings differ" >&2; cat h1 h2 >&2; exit 1; }
sp-annotate -C -d hot_leaf l.sp | grep -q '^note: the stream is symbolized: its addresses are gone' || exit 1
sp-annotate -C hot_leaf n.sp | sed -n 2p
