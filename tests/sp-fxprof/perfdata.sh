# A perf.data recording made here, as the Firefox Profiler's own code reads
# sp-fxprof's profile of it: a workload with inlined helpers recorded with
# call chains, its stream as sp-flatten reads it (addresses of libraries,
# kernel frames by name) and as sp-symbolize -l names it (source lines,
# inline frames), both inputs of one profile, so that each thread holds
# the samples of both; per thread pq's function table equals
# sp-aggregate's (pq-compare.py).  The frames of the unsymbolized stream
# stay addresses of their libraries, whose build ids the profile takes from
# the binaries.  Skipped (said) without perf, a C compiler, the corpus
# (tests/lib/pq), npm or node.
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
command -v cc >/dev/null 2>&1 || { echo "no C compiler" >&2; exit 77; }
. "$TOP/tests/lib/pq"
pq_setup
cc -O2 -g -fno-omit-frame-pointer -o inline "$TOP/tests/workloads/inline.c" ||
    exit 1
perf record -e cpu-clock -g -q -o perf.data ./inline >/dev/null 2>rec.err || {
	echo "perf cannot record here: $(tail -n 1 rec.err)" >&2
	exit 77
}
sp-flatten perf.data > raw.sp || exit 1
sp-symbolize -q -l < raw.sp > named.sp || exit 1
n=$(grep -vc '^#' raw.sp)
[ "$n" -ge 100 ] || { echo "only $n samples recorded"; exit 1; }
grep -q ' (inlined)' named.sp || { echo "no inline frames named"; exit 1; }
sp-fxprof -o p.json raw.sp named.sp || exit 1
python3 - p.json "$PWD/inline" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
lib = [l for l in p["libs"] if l["path"] == sys.argv[2]]
if not lib or not lib[0]["codeId"] or len(lib[0]["breakpadId"]) != 33:
    sys.exit("no build id for the workload: %s" % lib)
PY
cat raw.sp named.sp > both.sp
pq_load p.json
python3 "$T/pq-compare.py" "$PQ_TMP/$PQ_SESSION.sock" both.sp p.json
