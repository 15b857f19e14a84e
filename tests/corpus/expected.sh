# Every JSON profile of ../shared/corpus through sp-flatten | sp-aggregate
# must give expected/F.tsv exactly: self, total, cpu_self and cpu_total of
# every frame.  sp-top must print a table for each.
#
# One normalisation, on the expected side: the reference script writes a
# library's name field as it is, and the oldest Firefox fixtures (processed
# version 0) store a full path there; sp names a library by its file name
# (sp(5)), so "/a/b/firefox!0xf84" is compared as "firefox!0xf84".
. "$T/compare.inc"
# want_rows EXPECTED: its rows, a library's full path made its name.
want_rows() {
	awk -F'\t' -v OFS='\t' '!/^#/ {
		f = $5
		gsub(/\\/, "\\\\", f)
		gsub(/;/, "\\;", f)
		i = index(f, "!")
		if (i > 1) {
			lib = substr(f, 1, i - 1)
			if (lib ~ /\// && lib !~ / /) {
				sub(/.*\//, "", lib)
				f = lib substr(f, i)
			}
		}
		print $1, $2, $3, $4, f
	}' "$1"
}
compare_expected "$C"/samply/*.json* "$C"/samply-upgraded/*.json* \
    "$C"/firefox-processed/*.json* "$C"/gecko/*.json*
[ "$n" -gt 60 ] && [ "$bad" -eq 0 ]
