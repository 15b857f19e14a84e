#!/bin/sh
# tests/fuzz/run.sh [seconds]: build the libFuzzer targets and run each for
# the given number of seconds (default 30).
#
#   fuzz_profile  the JSON profile readers (read_json_profile), seeds in
#                 tests/fuzz/seeds-profile/, dictionary profile.dict
#   fuzz_stream   the sample-stream, aggregate and diff line parsers and the
#                 escaping rules, seeds in tests/fuzz/seeds-stream/
#   fuzz_pprof, fuzz_cpuprofile, fuzz_speedscope
#                 one reader each (common/read_*.c), inputs given to it
#                 without sniffing; seeds in tests/fuzz/seeds-NAME/, and
#                 the files of ../shared/corpus/NAME when it is there (read,
#                 never copied)
#   fuzz_filter   sp-filter's glob patterns and stack transforms (glob.h,
#                 stack_xform.h), seeds in tests/fuzz/seeds-filter/
#   fuzz_flamegraph  sp-flamegraph's line filters (perf script frame
#                 lines, --skip-after), seeds in tests/fuzz/seeds-flamegraph/
#   fuzz_folded   the folded-stack reader (folded_parse, folded_sniff),
#                 seeds in tests/fuzz/seeds-folded/
#   fuzz_perfdata the perf.data reader (read_perfdata.c), seeds in
#                 tests/fuzz/seeds-perfdata/ (the hand-made
#                 files of tests/perfdata and tests/offcpu)
#   fuzz_annotate sp-annotate's reading of objdump's and llvm-objdump's
#                 output (ann_parse_objdump), seeds in
#                 tests/fuzz/seeds-annotate/
#   fuzz_unwind   the call-frame unwinder (unwind.h): an .eh_frame or
#                 .debug_frame section, or a whole ELF file, a pc and a
#                 stack copy; seeds in tests/fuzz/seeds-unwind/
#
# FUZZ_TARGETS="pprof speedscope" runs only those.
# The targets are built with clang -fsanitize=fuzzer,address,undefined into
# $O (default build-fuzz); new inputs go to $O/corpus-NAME, crashes to
# $O/crash-* (save them as golden bad-input tests).  Leak detection is off
# by default: the readers unwind with longjmp on bad input and leave small
# allocations behind (ASAN_OPTIONS to override).  Exit status 1 when a
# target crashed.  Needs clang's libFuzzer (Debian: libclang-rt-14-dev, or
# the libclang-rt-dev matching your clang).  FUZZ_CC=clang-15 etc. to choose.

set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
# tests/run.sh takes every tests/*/*.sh for a golden case, this file too:
# fuzzing takes minutes, so it says so and is skipped there.
if [ "${T:-}" = "$TOP/tests/fuzz" ] && [ $# -eq 0 ]; then
	echo "the fuzzers run with make fuzz (sh tests/fuzz/run.sh [seconds])" >&2
	exit 77
fi
secs=${1:-30}
O=${O:-$TOP/build-fuzz}
case $O in /*) ;; *) O=$TOP/$O ;; esac
CC=${FUZZ_CC:-clang}
# The flags of the Makefile, plus the sanitizers.
CFLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer \
-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
-D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -D_DARWIN_C_SOURCE \
-D_FILE_OFFSET_BITS=64 -I$TOP/common -I$O/gen \
$(pkg-config --cflags libbsd-overlay 2>/dev/null)"
LIBS="-lz -lm $(pkg-config --libs libbsd-overlay 2>/dev/null)"

mkdir -p "$O/gen" || exit 1
# The library includes sp-flame's assets, generated as the Makefile does.
sh "$TOP/scripts/embed" "$O/gen/flame_assets.h" \
    flame_js "$TOP/common/flame/assets/flame.js" \
    flame_css "$TOP/common/flame/assets/flame.css" || exit 1
# and the version (common/base/version.c), which the fuzzers never print.
echo '#define SP_VERSION "fuzz"' >"$O/gen/sp_version.h" || exit 1
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);\n
int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' > "$O/probe.c"
if ! $CC -fsanitize=fuzzer -o "$O/probe" "$O/probe.c" 2>"$O/probe.err"; then
	echo "fuzz: $CC cannot link libFuzzer (-fsanitize=fuzzer); on Debian/Ubuntu: apt-get install libclang-rt-14-dev (for clang 14)" >&2
	exit 1
fi

st=0
SHARED=$TOP/../shared/corpus
for t in ${FUZZ_TARGETS:-profile stream pprof cpuprofile speedscope filter flamegraph folded unwind perfdata annotate}; do
	echo "fuzz: building fuzz_$t"
	# shellcheck disable=SC2086
	$CC $CFLAGS -o "$O/fuzz_$t" "$TOP/tests/fuzz/fuzz_$t.c" \
	    "$TOP"/common/*/*.c $LIBS || exit 1
	mkdir -p "$O/corpus-$t"
	dict=
	[ -f "$TOP/tests/fuzz/$t.dict" ] && dict=-dict=$TOP/tests/fuzz/$t.dict
	extra=
	[ -d "$SHARED/$t" ] && extra=$SHARED/$t
	echo "fuzz: running fuzz_$t for $secs s"
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	"$O/fuzz_$t" -max_total_time="$secs" -max_len=65536 -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 -close_fd_mask=2 \
	    -artifact_prefix="$O/" ${dict:+"$dict"} \
	    "$O/corpus-$t" "$TOP/tests/fuzz/seeds-$t" \
	    ${extra:+"$extra"} >"$O/fuzz_$t.log" 2>&1
	rc=$?
	tail -n 12 "$O/fuzz_$t.log"
	if [ "$rc" -ne 0 ]; then
		echo "fuzz: fuzz_$t FAILED (status $rc); see $O/fuzz_$t.log and $O/crash-*" >&2
		st=1
	fi
done
exit $st
