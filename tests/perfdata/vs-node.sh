# node --perf-basic-prof, which writes /tmp/perf-PID.map for its JIT code:
# sp's reading names the frames in node's anonymous executable memory
# from that map (perf-PID.map!NAME), and gives each hot JavaScript
# function (in each of V8's tiers that perf report shows with 1% or
# more) perf report's self share within 1.5 points; frame pointers (-g),
# which V8 keeps.  (Interpreted callers are all V8's interpreter
# trampoline, without --interpreted-frames-native-stack: no totals.)
. "$T/setup"
. "$T/compare"
command -v node >/dev/null 2>&1 || { echo "node is not installed" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
cp "$T/matrix.js" . || exit 1
OURS="perf-[0-9]+[.]map"
record node.data -g node --perf-basic-prof --no-turbo-inlining matrix.js 60
compare node.data self "~^JS:.*spin(One|Two) "
grep -q 'perf-[0-9]*\.map!JS:[^;	]*spinOne' sp.stream ||
    { echo "node.data: spinOne not named from the perf map" >&2; exit 1; }
# perf script names them the same (sp's perf script reader).
perf script -i node.data -F "$FIELDS" --no-inline 2>/dev/null |
    sp-flatten - 2>/dev/null >ref.stream || exit 1
for f in sp.stream ref.stream; do
	grep -o 'perf-[0-9]*\.map![^;	]*' $f | sort | uniq -c >$f.jit
done
diff ref.stream.jit sp.stream.jit >&2 || { echo "node.data: perf script names the JIT frames otherwise" >&2; exit 1; }
rm -f /tmp/perf-"$(sed -n 's/^node	\([0-9]*\)	.*/\1/p' sp.stream | head -n 1)".map
