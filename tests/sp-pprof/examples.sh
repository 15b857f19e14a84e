# The man page's EXAMPLES, run as they are written, on the demo profile (as
# p.json and profile.json.gz) and a real binary as target/release/app;
# go tool pprof's web interface and a Pyroscope upload are not run.  Each
# command must succeed, and each go tool pprof must print a table.
. "$TOP/tests/lib/pprof"
cp "$TOP/tests/data/demo-profile.json" p.json
gzip -c p.json > profile.json.gz
mkdir -p target/release
cc -g -O2 -o target/release/app "$TOP/tests/workloads/hot.c" || exit 1
. "$TOP/tests/lib/man-examples"
man_examples "$TOP/man/sp-pprof.1" > cmds
n=0 bad=0
while IFS= read -r c; do
	case $c in
	*-http*|profilecli*) echo "not run: $c"; continue ;;
	esac
	n=$((n + 1))
	if ! sh -c "$c" > out 2> err < /dev/null; then
		echo "failed: $c"; cat err; bad=$((bad + 1))
	fi
	case $c in
	*"go tool pprof -top"*)
		grep -q 'flat%' out || { echo "no table: $c"; bad=$((bad + 1)); } ;;
	esac
done < cmds
echo "$n examples run, $bad failed"
[ "$n" -ge 4 ] && [ "$bad" -eq 0 ]
