# Every pprof, .cpuprofile / Chrome trace and speedscope file of
# ../shared/corpus through sp-flatten | sp-aggregate must give
# expected/F.tsv exactly (self, total, cpu_self and cpu_total of every
# frame), as the JSON profiles do in expected.sh; sp-top must print a table
# for each.
. "$T/compare.inc"
want_rows() {
	grep -av '^#' "$1"
}
compare_expected "$C"/pprof/* "$C"/cpuprofile/* "$C"/speedscope/*
[ "$n" -ge 18 ] && [ "$bad" -eq 0 ]
