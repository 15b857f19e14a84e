# A real recording: perf record of app (DWARF unwinding), perf script text
# without function names, so that the frames are addresses for --binary to
# resolve with lines.  SELF, TOTAL and the CPU-weighted SELF of the report
# are compared with counts made here from perf's own text and nm's symbol
# ranges; the line table must put hot_function's time on its loop.
. "$T/fixtures.inc"
need perf
build
perf record -q -e cpu-clock -F 999 --call-graph dwarf -o p.data ./app 8000 \
    > perf.out 2>&1 ||
    { echo "skipped: perf cannot record here: $(tail -n 1 perf.out)" >&2
      exit 77; }
perf script -i p.data -F comm,pid,tid,time,period,event,ip,dso > p.txt \
    2> /dev/null || exit 1

HEX='function hex(s,  i, v) { v = 0; s = tolower(s)
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v }'

# range FUNCTION: "START END" of FUNCTION in app (relative addresses: app is
# a PIE whose first PT_LOAD is at 0).
range() {
	nm -S app | awk -v f="$1" "$HEX"'
	    $4 == f { printf "%d %d\n", hex($1), hex($1) + hex($2) }'
}
check "app's base" "$(firstload app)" 0x0000000000000000
set -- $(range hot_function) $(range main)
[ $# -eq 4 ] || { echo "no hot_function or main in nm -S"; exit 1; }
# Samples (and the sum of their periods, the cpu column) whose innermost
# frame of app is in hot_function, and samples with a frame of app in main,
# from perf's text: records are an event line and frame lines "ADDR (DSO)".
counts=$(awk -v hs=$1 -v he=$2 -v ms=$3 -v me=$4 "$HEX"'
	function flush() {
		if (inrec) {
			if (self) { s++; sp += period }
			if (inmain) m++
		}
		inrec = 0
	}
	/^[^ \t]/ { flush(); inrec = 1; self = inmain = seen = 0
		for (i = 2; i <= NF; i++) if ($i ~ /^cpu-clock/) period = $(i - 1)
		next }
	/^[ \t]*$/ { flush(); next }
	inrec && $2 ~ /\/app\)$/ {
		a = hex($1)
		if (!seen) { seen = 1; if (a >= hs && a < he) self = 1 }
		if (a >= ms && a < me) inmain = 1
	}
	END { flush(); print s + 0, m + 0, sp + 0 }' p.txt)
set -- $counts
[ "$1" -gt 100 ] || { echo "too few samples in hot_function: $counts"; exit 1; }

sp-hotspots --profile p.txt --binary ./app --targets hot_function > out \
    2> err || { cat err; exit 1; }
cat out err
check "SELF hot_function" "$(val SELF app!hot_function | cut -d' ' -f1)" $1
check "TOTAL main" "$(val TOTAL app!main | cut -d' ' -f2)" $2
check "first of SELF" "$(awk '/^SELF:/ { s = 1; next } s && /^ *[0-9]/ {
    print $NF; exit }' out)" app!hot_function
# The loop: the lines from the one after ENTRY_LINE to the one after
# HOT_LINE hold (nearly) all of hot_function's self time.
loop=$(awk -v f=app!hot_function -v a=$((L_ENTRY + 1)) -v b=$((L_HOT + 1)) '
    /^LINES:/ { s = 1; next }
    s && /^[^ ]/ { g = (index($0, f "  self ") == 1); next }
    s && g && $NF ~ /^\/src\/app\.c:[0-9]+$/ {
	n = $NF; sub(/.*:/, "", n); if (n >= a && n <= b) in_loop += $1
	all += $1 }
    END { print (all > 0 && in_loop * 10 >= all * 9) ? "yes" : \
	"no: " in_loop " of " all }' out)
check "hot_function's time in its loop" "$loop" yes
sp-hotspots --profile p.txt --binary ./app --cpu-weighted > out 2> err ||
    { cat err; exit 1; }
check "--cpu-weighted SELF hot_function" \
    "$(val SELF app!hot_function | cut -d' ' -f1)" $3
exit $fail
