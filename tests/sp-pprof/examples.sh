# The man page's EXAMPLES, run as they are written, on the demo profile (as
# p.json and profile.json.gz) and a real binary as target/release/app;
# go tool pprof's web interface and a Pyroscope upload are not run.  Each
# command must succeed, and each go tool pprof must print a table.
. "$TOP/tests/lib/pprof"
. "$TOP/tests/lib/man-examples"
cp "$TOP/tests/data/demo-profile.json" p.json
gzip -c p.json > profile.json.gz
mkdir -p target/release
cc -g -O2 -o target/release/app "$TOP/tests/workloads/hot.c" || exit 1
example_skip() {
	case $1 in
	*-http*|profilecli*) echo "not run: $1" ;;
	*) return 1 ;;
	esac
}
example_check() {
	case $1 in
	*"go tool pprof -top"*)
		grep -q 'flat%' out || { echo "no table: $1"; return 1; } ;;
	esac
}
run_examples "$TOP/man/sp-pprof.1"
examples_done 4
