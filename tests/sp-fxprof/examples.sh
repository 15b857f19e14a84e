# The man page's EXAMPLES, run as they are written, on the demo profile (as
# p.json.gz), a pprof profile and folded stacks made from it, and the
# workload of tests/workloads as ./app and its perf.data (for sp-record
# and perf.data, when perf can record here); samply load is not run (it opens a browser).  Each command
# must succeed and each profile it writes must be JSON (gzip where named
# .gz) of preprocessedProfileVersion 75.
gzip -c "$TOP/tests/data/demo-profile.json" > p.json.gz
sp-flatten p.json.gz | sp-pprof > cpu.pprof || exit 1
sp-flatten p.json.gz | sp-aggregate -c > stacks.folded || exit 1
cc -O2 -g -o app "$TOP/tests/workloads/hot.c" || exit 1
can_record=1
perf record -e cpu-clock -g -q -o perf.data ./app >/dev/null 2>&1 ||
    can_record=
. "$TOP/tests/lib/man-examples"
man_examples "$TOP/man/sp-fxprof.1" > cmds
n=0 bad=0
while IFS= read -r c; do
	case $c in
	samply*) echo "not run: $c"; continue ;;
	*sp-record*|*perf.data*) [ -n "$can_record" ] ||
	    { echo "not run (perf cannot record): $c"; continue; } ;;
	esac
	n=$((n + 1))
	if ! sh -c "$c" > out 2> err < /dev/null; then
		echo "failed: $c"; cat err; bad=$((bad + 1))
	fi
done < cmds
for f in *.json *.json.gz; do
	case $f in p.json.gz|'*'*) continue ;; esac
	python3 -c '
import gzip, json, sys
f = sys.argv[1]
p = json.load(gzip.open(f) if f.endswith(".gz") else open(f))
assert p["meta"]["preprocessedProfileVersion"] == 75
' "$f" || { echo "$f: not a profile"; bad=$((bad + 1)); }
done
echo "$n examples run, $bad failed"
[ "$n" -ge 2 ] && [ "$bad" -eq 0 ]
