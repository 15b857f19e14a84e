# The man page's EXAMPLES, run as they are written: target/release/app is
# seed.cc's program (my_crate::hot_function, text at 0x100000000), p.json.gz
# a (gzip-compressed) stream of it with a thread named rayon-worker-0.  The perf examples
# run when perf can record here.  Each command must succeed and print a
# report.
. "$T/fixtures.inc"
need llvm-symbolizer
W1=9 W2=3 C1=9000000 C2=1000000
build_seed
mkdir -p target/release tests/workloads && mv app target/release/ &&
    cp "$TOP/tests/workloads/hot.c" tests/workloads/ || exit 1
seedstream app "$(buildid target/release/app)" $HOT $CALLHOT |
    sed 's/\tmain\t1\t2\t/\trayon-worker-0\t2\t2\t/' | gzip > p.json.gz
# The commands: .Dl lines and literal displays of the EXAMPLES section.
awk '/^\.Sh/ { s = ($2 == "EXAMPLES"); next } !s { next }
    /^\.Dl / { sub(/^\.Dl /, ""); print; next }
    /^\.Bd -literal/ { d = 1; next } /^\.Ed/ { d = 0; next }
    d && !/^\./' "$TOP/man/sp-hotspots.1" > cmds
[ "$(grep -c '^sp-hotspots' cmds)" -ge 5 ] || { cat cmds; exit 1; }
perf_ok=
command -v perf >/dev/null 2>&1 &&
    perf record -q -e cpu-clock -o probe.data true > /dev/null 2>&1 &&
    perf_ok=1
n=0
while IFS= read -r c; do
	case $c in
	perf*|sp-record*|*hot.sp*|*perf.txt*)
		[ -n "$perf_ok" ] || { echo "not run (no perf): $c"; continue; } ;;
	esac
	n=$((n + 1))
	echo "\$ $c"
	sh -c "$c" > out 2> err < /dev/null
	st=$?
	case $c in
	sp-hotspots*)
		grep -q '^SELF: ' out && grep -q '^TOTAL: ' out || st=1
		case $c in *--targets*) grep -q '^LINES: ' out || st=1 ;; esac
		;;
	esac
	if [ $st -ne 0 ]; then
		echo "FAIL (status $st)"
		cat err
		fail=1
	fi
done < cmds
echo "$n commands run"
exit $fail
