# Every command line of README.md (lines "$ ..." in its sh blocks) runs as
# written, in order, without error, and prints something (or writes a
# file), the way a newcomer runs them: in the top directory of a checkout,
# after `make`, with the programs found on the PATH the README's own
# `export PATH=$PWD/build/bin:$PATH` gives, and on the profiles its own
# commands make from the one the repository carries.
#
# The directory the commands run in stands for a fresh checkout: tests/
# is the repository's, build/ is the build under test (build-san too).
# The workload of tests/workloads is built as target/release/app for the
# lines that record it; they are skipped where perf cannot record.
bindir=$(dirname "$(command -v sp-flatten)")
ln -s "$TOP/tests" tests || exit 1
ln -s "$(cd "$bindir/.." && pwd)" build || exit 1
# The programs are not on PATH until the README puts them there.
PATH=$(printf '%s\n' "$PATH" | tr : '\n' | grep -vxF "$bindir" | paste -sd: -)
export PATH
if command -v sp-flatten >/dev/null 2>&1; then
	echo "sp-flatten is installed in $(dirname "$(command -v sp-flatten)"): the test cannot tell whether the README finds the programs" >&2
	exit 77
fi
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
	case $cmd in
	# What changes the shell itself is run in this one, as typed.
	"export "*|"cd "*) eval "$cmd" || { echo "failed: $cmd"; bad=$((bad + 1)); }; continue ;;
	esac
	if ! $shell -c "$cmd" >out 2>err </dev/null; then
		echo "failed: $cmd"
		cat err
		bad=$((bad + 1))
		continue
	fi
	case $cmd in
	*'>'*|*' -o '*|'cp '*) continue ;;	# writes a file
	esac
	if [ ! -s out ]; then
		echo "no output: $cmd"
		bad=$((bad + 1))
	fi
done <cmds
echo "$n README examples run, $bad failed"
[ "$n" -ge 8 ] && [ "$bad" -eq 0 ]
