# The man page's EXAMPLES, run as they are written (the workload's path
# made absolute): each prints something or writes its file.
. "$T/perf-setup"
sed -n '/^\.Sh EXAMPLES/,/^\.Sh/p' "$TOP/man/sp-annotate.1" |
    sed -n '/^\.Bd/,/^\.Ed/{/^\$ /p;}' | sed 's/^\$ //' |
    sed "s|tests/workloads/|$TOP/tests/workloads/|" >all
[ "$(wc -l <all)" -ge 5 ] || exit 1
while IFS= read -r cmd; do
	sh -c "$cmd" >out 2>err
	st=$?
	case $cmd in
	sp-record*) [ "$st" -eq 3 ] && { echo "perf cannot record here" >&2; exit 77; } ;;
	esac
	[ "$st" -eq 0 ] || { echo "failed: $cmd" >&2; cat err >&2; exit 1; }
	case $cmd in
	*'>'*|cc\ *) ;;
	*) [ -s out ] || { echo "no output: $cmd" >&2; exit 1; } ;;
	esac
	cat out >>all.out
done <all
grep -q '^hot!hot_leaf  self' all.out || exit 1
grep -q '<details' hot.html && grep -q 'hot!hot_caller' hot.html
