# The man page's EXAMPLES, run as they are written, on the demo profile (as
# p.json.gz) and the workload of tests/workloads as ./app and its
# perf.data (when perf can record here); speedscope itself (it opens a
# browser) is not run.  Each command must succeed and each file it writes
# must be a speedscope file.
gzip -c "$TOP/tests/data/demo-profile.json" > p.json.gz
mkdir -p target/release
cc -O2 -g -o target/release/app "$TOP/tests/workloads/hot.c" || exit 1
cc -O2 -g -o app "$TOP/tests/workloads/hot.c" || exit 1
can_record=1
perf record -e cpu-clock -g -q -o perf.data ./app >/dev/null 2>&1 ||
    can_record=
. "$TOP/tests/lib/man-examples"
man_examples "$TOP/man/sp-speedscope.1" > cmds
n=0 bad=0
while IFS= read -r c; do
	case $c in
	speedscope*) echo "not run: $c"; continue ;;
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
assert p["$schema"].endswith("file-format-schema.json")
' "$f" || { echo "$f: not a profile"; bad=$((bad + 1)); }
done
echo "$n examples run, $bad failed"
[ "$n" -ge 2 ] && [ "$bad" -eq 0 ]
