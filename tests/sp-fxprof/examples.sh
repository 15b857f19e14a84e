# The man page's EXAMPLES, run as they are written, on the demo profile (as
# p.json.gz), a pprof profile and folded stacks made from it, and the
# workload of tests/workloads as ./app and its perf.data (for sp-record
# and perf.data, when perf can record here); samply load is not run (it opens a browser).  Each command
# must succeed and each profile it writes must be JSON (gzip where named
# .gz) of preprocessedProfileVersion 75.
. "$TOP/tests/lib/man-examples"
gzip -c "$TOP/tests/data/demo-profile.json" > p.json.gz
sp-flatten p.json.gz | sp-pprof > cpu.pprof || exit 1
sp-flatten p.json.gz | sp-aggregate -c > stacks.folded || exit 1
record_app
example_skip() {
	case $1 in
	samply*) echo "not run: $1" ;;
	*) skip_unrecorded "$1" ;;
	esac
}
example_check() { :; }
run_examples "$TOP/man/sp-fxprof.1"
json_outputs 'p["meta"]["preprocessedProfileVersion"] == 75'
examples_done 2
