# The whole pipeline on a real binary: an unsymbolicated samply profile
# (processed format 49, written here for prog, with library-relative
# addresses as samply stores them) through sp-flatten, sp-symbolize -b,
# sp-aggregate and sp-top names the hot functions, the inlined ones too.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
for t in sp-flatten sp-aggregate sp-top; do
	command -v $t >/dev/null 2>&1 || { echo "skipped: no $t" >&2; exit 77; }
done
build prog
samply_prog p.json
sp-flatten p.json >s.tsv || exit 1
sp-symbolize -q -b prog s.tsv >sym.tsv || exit 1
sp-aggregate sym.tsv | sp-top 25 >top.txt || exit 1
cat top.txt >&2
grep -q 'prog!work' top.txt && grep -q 'prog!leaf (inlined)' top.txt &&
    grep -q 'prog!main' top.txt || exit 1
# work is the hottest leaf (6 samples), then leaf (4).
grep -v '^#' sym.tsv | awk -F'\t' '{ print $6 "\t" $8 }'
