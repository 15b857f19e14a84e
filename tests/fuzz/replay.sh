# Every fuzz target of tests/fuzz, built without libFuzzer (replay.c gives
# it a main) against the library of the build under test (the sanitizer
# build under SP_SANITIZED), runs its seeds (seeds-NAME) and the inputs that
# once crashed it (crashes-NAME): none may crash or fail a target's checks.
# With the flags the build was made with (its flags file).
B=$(dirname "$(command -v sp-flatten)")/..
[ -f "$B/flags" ] && [ -f "$B/libsp.a" ] ||
    { echo "no flags or libsp.a beside $B/bin: replay skipped" >&2; exit 77; }
cc= cflags= libs=
for w in $(cat "$B/flags"); do
	case $w in
	-l*) libs="$libs $w" ;;
	-Werror) ;;
	*) if [ -z "$cc" ]; then cc=$w; else cflags="$cflags $w"; fi ;;
	esac
done
nt=0 ni=0 bad=0
for src in "$T"/fuzz_*.c; do
	t=${src##*/fuzz_}
	t=${t%.c}
	wrap=
	grep -q FUZZ_WRAP_EXIT "$src" &&
	    wrap=-Wl,--wrap=exit,--wrap=errx,--wrap=err,--wrap=verrx,--wrap=lr_open,--wrap=lr_close
	# shellcheck disable=SC2086
	if ! $cc $cflags -I"$TOP/common" -I"$B/gen" $wrap -o "r_$t" "$src" \
	    "$T/replay.c" "$B/libsp.a" $libs 2> cc.err; then
		echo "fuzz_$t: does not build:"
		head -n 5 cc.err
		bad=$((bad + 1))
		continue
	fi
	nt=$((nt + 1))
	set --
	for f in "$T/seeds-$t"/* "$T/crashes-$t"/*; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	ni=$((ni + $#))
	[ $# -gt 0 ] || continue
	if ! TMPDIR=$PWD ASAN_OPTIONS=detect_leaks=0 "./r_$t" "$@" \
	    > /dev/null 2> run.err; then
		echo "fuzz_$t: an input fails:"
		grep -a -m 3 'ERROR\|runtime error\|Assertion\|abort' run.err
		bad=$((bad + 1))
	fi
done
echo "$nt targets, $ni inputs replayed, $bad failed"
[ "$nt" -ge 12 ] && [ "$bad" -eq 0 ]
