# --collapsed output renders with flamegraph.pl, when it is installed.
fg=$(command -v flamegraph.pl || command -v flamegraph) || {
	echo "flamegraph.pl not installed" >&2; exit 77; }
sp-aggregate -c -r comm-tid "$T/threads.sp" > f || exit 1
"$fg" f > f.svg || exit 1
grep -q '<svg' f.svg && grep -q 'fib' f.svg || exit 1
