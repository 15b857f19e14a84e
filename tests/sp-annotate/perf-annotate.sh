# sp-annotate against perf annotate --stdio on the same perf.data, for the
# workload work.c built as users build it: gcc and clang, PIE and not,
# with a shared library (libwork.so).  Per instruction the shares agree
# within 0.5 points and the hottest instruction is the same; per source
# line the self agrees with addr2line on the same leaf addresses.
. "$T/perf-setup"
n=0
for compiler in gcc clang; do
	command -v $compiler >/dev/null 2>&1 || { echo "no $compiler: skipped" >&2; continue; }
	for pie in -pie -no-pie; do
		d=$compiler$pie
		mkdir "$d" && cd "$d" || exit 1
		fpie=-fPIE
		[ "$pie" = -no-pie ] && fpie=-fno-PIE
		$compiler -O2 -g -fPIC -shared -o libwork.so "$T/lib.c" || exit 1
		$compiler -O2 -g $fpie $pie -o work "$T/work.c" -L. -lwork \
		    -Wl,-rpath,"$PWD" || exit 1
		record w ./work 1
		compare_perf w.data w.sp spin
		compare_perf w.data w.sp lib_spin
		compare_lines work work w.sp spin
		compare_lines libwork.so libwork.so w.sp lib_spin
		cd .. || exit 1
		n=$((n + 1))
	done
done
[ "$n" -gt 0 ] || { echo "neither gcc nor clang" >&2; exit 77; }
