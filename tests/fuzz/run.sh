#!/bin/sh
# tests/fuzz/run.sh [seconds]: build the libFuzzer targets and run each for
# the given number of seconds (default 30).
#
#   fuzz_profile  the JSON profile readers (read_json_profile), seeds in
#                 tests/fuzz/seeds-profile/, dictionary profile.dict
#   fuzz_read     sp-flatten's way in (read_profile, common/flatten/): any
#                 input, its format told by its first bytes, plain, -c and
#                 -l; seeds in tests/fuzz/seeds-read/
#   fuzz_dwarf    the in-process DWARF reader (common/dwarf/), seeds in
#                 tests/fuzz/seeds-dwarf/
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
#   fuzz_perfscript  the `perf script` text reader (perf_script.h), seeds
#                 in tests/fuzz/seeds-perfscript/ and the files of
#                 ../shared/corpus/perf-script
#   fuzz_symout   what sp-symbolize reads from llvm-symbolizer, addr2line
#                 and atos (sym_backend.h), seeds in tests/fuzz/seeds-symout/
#   fuzz_names    the names sp-top and sp-tree show (shorten.h), seeds
#                 in tests/fuzz/seeds-names/
#   fuzz_demangle the demangler of the in-process DWARF route
#                 (dwarf_demangle, Rust v0 names: dwarf_rust_v0.c), seeds
#                 in tests/fuzz/seeds-demangle/
#   fuzz_agg      the aggregation engine's reader (aggregate.h: streams
#                 and aggregate tables as sp-aggregate, sp-diff and sp-top
#                 read them), seeds in tests/fuzz/seeds-agg/
#
# The inputs that once crashed a target are kept in
# tests/fuzz/crashes-NAME/ and given to it with its seeds; tests/fuzz/replay
# replays both through every target built without libFuzzer.
# A target that says FUZZ_WRAP_EXIT (its reader exits on bad input, as the
# tools do) is linked with exit and errx wrapped (fuzz_exit.h).
#
# FUZZ_TARGETS="pprof speedscope" runs only those.
# The targets are built with clang -fsanitize=fuzzer,address,undefined into
# $O (default build-fuzz); new inputs go to $O/corpus-NAME, crashes to
# $O/crash-* (save them as golden bad-input tests).  Leak detection is on,
# except for the targets that say FUZZ_WRAP_EXIT: a reader that exits on
# bad input leaves behind what it had allocated (ASAN_OPTIONS to
# override).  Exit status 1 when a
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
# The flags of the Makefile, plus the sanitizers; the library is built
# once (fuzzer-no-link: instrumented, without libFuzzer's main), each
# target linked with it.
FLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer \
-fsanitize=address,undefined -fno-sanitize-recover=all \
-D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -D_DARWIN_C_SOURCE \
-D_FILE_OFFSET_BITS=64 -I$TOP/common -I$O/gen \
$(pkg-config --cflags libbsd-overlay 2>/dev/null)"
LIBS="-lz -lm $(pkg-config --libs libbsd-overlay 2>/dev/null)"
# libdeflate where the Makefile finds it too, so that the paths it takes
# (whole gzip inputs, compressed ELF sections) are the ones fuzzed.
DEFLATE=$(pkg-config --libs libdeflate 2>/dev/null)
if [ -n "$DEFLATE" ]; then
	FLAGS="$FLAGS -DSP_HAVE_LIBDEFLATE"
	LIBS="$LIBS $DEFLATE"
fi

mkdir -p "$O/gen" || exit 1
# The library includes sp-flame's assets, generated as the Makefile does.
# (Each file replaced only when it changes, so that the library is not
# built again for nothing.)
sh "$TOP/scripts/embed" "$O/gen/flame_assets.h.new" \
    flame_js "$TOP/common/flame/assets/flame.js" \
    flame_css "$TOP/common/flame/assets/flame.css" || exit 1
# and the version (common/base/version.c), which the fuzzers never print.
echo '#define SP_VERSION "fuzz"' >"$O/gen/sp_version.h.new" || exit 1
for h in flame_assets.h sp_version.h; do
	if cmp -s "$O/gen/$h.new" "$O/gen/$h"; then
		rm -f "$O/gen/$h.new"
	else
		mv "$O/gen/$h.new" "$O/gen/$h" || exit 1
	fi
done
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);\n
int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' > "$O/probe.c"
if ! command -v "$CC" >/dev/null 2>&1; then
	echo "fuzz: skipped: $CC is not installed (libFuzzer comes with clang; on Debian/Ubuntu: apt-get install clang libclang-rt-14-dev)" >&2
	exit 0
fi
if ! $CC -fsanitize=fuzzer -o "$O/probe" "$O/probe.c" 2>"$O/probe.err"; then
	echo "fuzz: skipped: $CC cannot link libFuzzer (-fsanitize=fuzzer); on Debian/Ubuntu: apt-get install libclang-rt-14-dev (for clang 14)" >&2
	exit 0
fi

mkdir -p "$O/lib" || exit 1
newest_h=$(ls -t "$TOP"/common/*/*.h "$O"/gen/*.h | head -n 1)
for c in "$TOP"/common/*/*.c; do
	o=$O/lib/$(echo "${c#"$TOP"/common/}" | tr / _).o
	[ -f "$o" ] && [ "$o" -nt "$c" ] && [ "$o" -nt "$newest_h" ] && continue
	# shellcheck disable=SC2086
	$CC $FLAGS -fsanitize=fuzzer-no-link -c -o "$o" "$c" || exit 1
done
rm -f "$O/libsp-fuzz.a"
ar rcs "$O/libsp-fuzz.a" "$O"/lib/*.o || exit 1

st=0
SHARED=$TOP/../shared/corpus
ALL=$(cd "$TOP/tests/fuzz" && for f in fuzz_*.c; do f=${f#fuzz_}; echo "${f%.c}"; done)
for t in ${FUZZ_TARGETS:-$ALL}; do
	echo "fuzz: building fuzz_$t"
	wrap=
	grep -q FUZZ_WRAP_EXIT "$TOP/tests/fuzz/fuzz_$t.c" &&
	    wrap=-Wl,--wrap=exit,--wrap=errx,--wrap=err,--wrap=verrx,--wrap=lr_open,--wrap=lr_close
	# shellcheck disable=SC2086
	$CC $FLAGS -fsanitize=fuzzer $wrap -o "$O/fuzz_$t" \
	    "$TOP/tests/fuzz/fuzz_$t.c" "$O/libsp-fuzz.a" $LIBS || exit 1
	mkdir -p "$O/corpus-$t"
	dict=
	[ -f "$TOP/tests/fuzz/$t.dict" ] && dict=-dict=$TOP/tests/fuzz/$t.dict
	case $t in
	perfscript) extra=$SHARED/perf-script ;;
	*) extra=$SHARED/$t ;;
	esac
	[ -d "$extra" ] || extra=
	crashes=
	[ -d "$TOP/tests/fuzz/crashes-$t" ] && crashes=$TOP/tests/fuzz/crashes-$t
	echo "fuzz: running fuzz_$t for $secs s"
	leaks=1
	[ -n "$wrap" ] && leaks=0
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=$leaks} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	"$O/fuzz_$t" -max_total_time="$secs" -max_len=65536 -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 -close_fd_mask=2 \
	    -artifact_prefix="$O/" ${dict:+"$dict"} \
	    "$O/corpus-$t" "$TOP/tests/fuzz/seeds-$t" \
	    ${extra:+"$extra"} ${crashes:+"$crashes"} >"$O/fuzz_$t.log" 2>&1
	rc=$?
	tail -n 12 "$O/fuzz_$t.log"
	if [ "$rc" -ne 0 ]; then
		echo "fuzz: fuzz_$t FAILED (status $rc); see $O/fuzz_$t.log and $O/crash-*" >&2
		st=1
	fi
done
exit $st
