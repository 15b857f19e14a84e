#!/bin/sh
# tests/run.sh BINDIR [SUITE/CASE ...]: the golden-file test runner.
#
# A case is tests/SUITE/CASE.sh, run by sh in a fresh empty directory with
# BINDIR first on PATH and these variables set:
#   T       the suite's directory (fixtures live there)
#   TOP     the repository's top directory
#   SHARED  ../shared beside the repository, when it exists (else empty)
# Next to CASE.sh may stand CASE.out (expected stdout), CASE.err (expected
# stderr) and CASE.status (expected exit status; 0 when absent).  A case
# without .out or .err must assert by itself (its status is checked).  A case
# that exits 77 is skipped; it says why on stderr.
# Outputs are compared with diff -u under LC_ALL=C.  The last line is
# "N passed, N failed, N skipped".
#
# Cases run SP_TEST_JOBS at a time (default: the number of processors), so
# each must keep to its own directory.  A case still running after
# SP_TEST_TIMEOUT seconds (default 1200; 0: no limit) is killed, with every
# process it started (timeout(1), where there is one), and fails.  SP_TEST_SHUFFLE=SEED runs them in an
# order shuffled by that seed (a number; "random" picks one and prints it),
# to find cases that depend on what ran before or beside them; the report
# keeps the usual order.  Each case's line is printed when it
# ends; the failures are listed again, in order, before the count.

set -u
LC_ALL=C
export LC_ALL
TZ=UTC
export TZ

# One case, for the parallel driver below: writes $work/NAME.result, whose
# first line is "pass", "fail" or "skip" and the rest the report.
if [ "${1:-}" = --one ]; then
	c=$2
	suite=${c%%/*}
	T=$TOP/tests/$suite
	export T
	d=$work/$(echo "$c" | tr / _)
	r=$d.result
	# Each case its own symbol cache (sp-symbolize(1)), never $HOME's.
	XDG_CACHE_HOME=$d/.cache
	export XDG_CACHE_HOME
	unset SP_CACHE SP_CACHE_SIZE
	mkdir -p "$d"
	# A case that hangs fails alone, its processes killed, instead of
	# holding make check until CI gives up on the whole run.
	limit=${SP_TEST_TIMEOUT:-1200}
	run=
	if [ "$limit" != 0 ] && command -v timeout >/dev/null 2>&1; then
		run="timeout -k 10 $limit"
	fi
	t0=$(date +%s)
	(cd "$d" && $run sh "$TOP/tests/$c.sh" >"$d.stdout" 2>"$d.stderr")
	st=$?
	if [ -n "$run" ] && { [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; } &&
	    [ $(($(date +%s) - t0)) -ge "$limit" ]; then
		{
			echo fail
			echo "FAIL $c: still running after $limit s" \
			    "(SP_TEST_TIMEOUT): killed"
			tail -n 20 "$d.stderr" | sed 's/^/    /'
		} >"$r"
		tail -n +2 "$r"
		exit 0
	fi
	want=0
	[ -f "$TOP/tests/$c.status" ] && want=$(cat "$TOP/tests/$c.status")
	if [ "$st" -eq 77 ]; then
		{ echo skip; echo "skip $c: $(tail -n 1 "$d.stderr")"; } >"$r"
		tail -n +2 "$r"
		exit 0
	fi
	bad=
	if [ "$st" -ne "$want" ]; then
		bad="exit status $st, expected $want"
	fi
	if [ -f "$TOP/tests/$c.out" ] &&
	    ! diff -u "$TOP/tests/$c.out" "$d.stdout" >"$d.diff" 2>&1; then
		bad="${bad:+$bad; }stdout differs"
	fi
	if [ -f "$TOP/tests/$c.err" ] &&
	    ! diff -u "$TOP/tests/$c.err" "$d.stderr" >>"$d.diff" 2>&1; then
		bad="${bad:+$bad; }stderr differs"
	fi
	if [ -z "$bad" ]; then
		{ echo pass; echo "ok   $c"; } >"$r"
		tail -n +2 "$r"
		exit 0
	fi
	{
		echo fail
		echo "FAIL $c: $bad"
		[ -s "$d.diff" ] && sed 's/^/    /' "$d.diff" | head -n 40
		if [ ! -f "$TOP/tests/$c.out" ] && [ -s "$d.stdout" ]; then
			echo "    stdout:"
			tail -n 20 "$d.stdout" | sed 's/^/    /'
		fi
		if [ ! -f "$TOP/tests/$c.err" ] && [ -s "$d.stderr" ]; then
			echo "    stderr:"
			sed 's/^/    /' "$d.stderr" | head -n 20
		fi
	} >"$r"
	tail -n +2 "$r"
	exit 0
fi

[ $# -ge 1 ] || { echo "usage: tests/run.sh bindir [suite/case ...]" >&2; exit 2; }
bindir=$(cd "$1" && pwd) || exit 2
shift
TOP=$(cd "$(dirname "$0")/.." && pwd)
SHARED=
[ -d "$TOP/../shared" ] && SHARED=$(cd "$TOP/../shared" && pwd)
export TOP SHARED
PATH=$bindir:$PATH
export PATH

work=$(mktemp -d "${TMPDIR:-/tmp}/sp-tests.XXXXXX") || exit 2
export work
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM

if [ $# -eq 0 ]; then
	set -- $(cd "$TOP/tests" && ls -d */*.sh | sed 's/\.sh$//' | sort)
fi

jobs=${SP_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
seed=${SP_TEST_SHUFFLE:-}
if [ "$seed" = random ]; then
	seed=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
fi
case $seed in
''|*[!0-9]*)
	[ -z "$seed" ] || {
		echo "tests/run.sh: SP_TEST_SHUFFLE=$seed: a number or \"random\"" >&2
		exit 2
	}
	order() { cat; } ;;
*)
	echo "order shuffled: SP_TEST_SHUFFLE=$seed"
	order() {
		awk -v seed="$seed" 'BEGIN { srand(seed) } { printf "%.9f\t%s\n", rand(), $0 }' |
		    sort -k1,1 | cut -f 2-
	} ;;
esac
for c; do
	printf '%s\n' "${c%.sh}"
done | order | xargs -P "$jobs" -I '{}' sh "$0" --one '{}'

pass=0 fail=0 skip=0
for c; do
	c=${c%.sh}
	r=$work/$(echo "$c" | tr / _).result
	if [ ! -f "$r" ]; then
		echo "fail" >"$r"
		echo "FAIL $c: the runner lost it" >>"$r"
	fi
	case $(head -n 1 "$r") in
	pass) pass=$((pass + 1)) ;;
	skip) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done
if [ "$fail" -gt 0 ]; then
	echo "failures:"
	for c; do
		c=${c%.sh}
		r=$work/$(echo "$c" | tr / _).result
		[ "$(head -n 1 "$r")" = fail ] && head -n 2 "$r" | tail -n 1
	done
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
