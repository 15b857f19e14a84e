# The man page's EXAMPLES, run as they are written, on the demo profile (as
# p.json.gz) and the workload of tests/workloads as ./app and its
# perf.data (when perf can record here); speedscope itself (it opens a
# browser) is not run.  Each command must succeed and each file it writes
# must be a speedscope file.
. "$TOP/tests/lib/man-examples"
gzip -c "$TOP/tests/data/demo-profile.json" > p.json.gz
mkdir -p target/release
cc -O2 -g -o target/release/app "$TOP/tests/workloads/hot.c" || exit 1
record_app
example_skip() {
	case $1 in
	speedscope*) echo "not run: $1" ;;
	*) skip_unrecorded "$1" ;;
	esac
}
example_check() { :; }
run_examples "$TOP/man/sp-speedscope.1"
json_outputs 'p["$schema"].endswith("file-format-schema.json")'
examples_done 2
