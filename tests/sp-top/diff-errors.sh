# Bad diff tables and options that do not apply: one line, status 1.
t=$(printf '\t')
cp "$TOP/tests/sp-diff/a.sp" "$TOP/tests/sp-diff/b.sp" . || exit 1
check() {
	sp-top "$@" > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
sp-diff a.sp b.sp > d.tsv || exit 1
check -l -f d.tsv
check -s cpu -f d.tsv
sp-aggregate a.sp > a.agg || exit 1
check -s z -f a.agg
printf '#sp diff 1\n1\t2\t3\t4\t5\t6\t7\t8\t9\n' > bad
check -f bad
printf '#sp diff 1\n1\t2\t3\t4\t5\tsix\t7\t8\t9\tf\n' > bad
check -f bad
printf '#sp diff 1\n-1\t2\t3\t4\t5\t6\t7\t8\t9\tf\n' > bad
check -f bad
printf '#sp diff 1\n1\t2\t3\t4\t5\t6\t7\t8\tz\tf\n' > bad
check -f bad
printf '#sp diff 1\n1\t2\t3\t4\t5\t6\t7\t8\t9\tf\n1\t2\t3\t4\t5\t6\t7\t8\t9\tf\n' > bad
check -f bad
printf '#sp diff 1\n#total\tc\tweight\t3\n' > bad
check -f bad
printf '#sp diff 1\n#total\ta\tweight\tmany\n' > bad
check -f bad
printf '#sp diff 1\n#sp diff 2\n' > bad
check -f bad
