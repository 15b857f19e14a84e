# Every command line of README.md (lines "$ ..." in its sh blocks) runs
# without error and prints something, on the profile the repository carries
# (as p.json.gz and other.json.gz) and the workload of tests/workloads
# (built as target/release/app).  Lines that need perf are skipped where
# perf cannot record.
gzip -c "$TOP/tests/data/demo-profile.json" >p.json.gz
cp p.json.gz other.json.gz
mkdir -p target/release
cc -g -O2 -o target/release/app "$TOP/tests/workloads/hot.c" || exit 1
can_record=1
perf record -e cpu-clock -o probe.data -- true >/dev/null 2>&1 || can_record=
awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0 } on && /^\$ / { print substr($0, 3) }' \
    "$TOP/README.md" >cmds
[ -s cmds ] || { echo "no examples found in README.md"; exit 1; }
# A failure anywhere in a pipeline counts: bash's pipefail where there is
# bash.
shell=sh
command -v bash >/dev/null 2>&1 && shell="bash -o pipefail"
n=0 bad=0
while IFS= read -r cmd; do
	case $cmd in
	*sp-record*) [ -n "$can_record" ] || { echo "skipped (perf cannot record): $cmd"; continue; } ;;
	esac
	n=$((n + 1))
	if ! $shell -c "$cmd" >out 2>err; then
		echo "failed: $cmd"
		cat err
		bad=$((bad + 1))
	elif [ ! -s out ] && ! echo "$cmd" | grep -q '>'; then
		echo "no output: $cmd"
		bad=$((bad + 1))
	fi
done <cmds
echo "$n README examples run, $bad failed"
[ "$n" -ge 8 ] && [ "$bad" -eq 0 ]
