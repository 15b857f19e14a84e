# scripts/demo-record: the live table of the workload; exit status 3 with
# one sentence when perf cannot record (a stand-in perf refusing).
bindir=$(dirname "$(command -v sp-record)")
if [ "${SP_SANITIZED:-}" != 1 ]; then
	sh "$TOP/scripts/demo-record" "$bindir" >out 2>err
	st=$?
	if [ $st -eq 3 ]; then
		echo "perf cannot record here: $(cat err)" >&2
		exit 77
	fi
	[ $st -eq 0 ] || { cat err >&2; exit 1; }
	grep -q '^\$ sp-record -- ./hot 1 | sp-aggregate | sp-top 15$' out &&
	    grep -q ' hot!hot_leaf$' out ||
	    exit 1
fi
. "$T/fake-setup"
FAKE_MODE=paranoid sh "$TOP/scripts/demo-record" "$bindir" >out 2>err
[ $? -eq 3 ] && [ "$(wc -l <err)" -eq 1 ] &&
    grep -q '^demo-record: perf: not permitted to profile' err
