# sp-tree's top-down and bottom-up trees equal the Firefox Profiler's, as
# its CLI prints them (pq "thread samples-top-down --json --include-idle"
# and "samples-bottom-up"), for the heaviest threads of several corpus
# profiles: every node pq lists has, at the same path, sp-tree's total and
# self.  pq's JSON stops at depth 200, 100 children a node and 0.7 x
# --max-lines roots (saying so in childrenTruncated), so only what it lists
# is compared; sp identifies a function by its frame string, so siblings of
# one name that pq keeps apart (two functions of one name) are summed.
# Skipped (said) without the corpus, npm or tests/lib/pq.
[ -f "$TOP/tests/lib/pq" ] || {
	echo "tests/lib/pq is not there: the Firefox Profiler comparison is skipped" >&2
	exit 77
}
. "$TOP/tests/lib/pq"
pq_setup
C=$SHARED/corpus
compare() {
	# compare PQ.json SP.tsv: 0 when every node of PQ.json is in SP.tsv.
	python3 - "$1" "$2" <<'EOF'
import json, sys

def esc(s):
    return (s.replace("\\", "\\\\").replace("\t", "\\t")
            .replace("\n", "\\n").replace(";", "\\;"))

def merged(nodes):
    # Siblings of one name are one node for sp: sum them, merge children.
    out = {}
    for n in nodes:
        k = esc(n.get("nameWithLibrary") or n["name"])
        m = out.setdefault(k, {"total": 0, "self": 0, "children": []})
        m["total"] += n["totalSamples"]
        m["self"] += n["selfSamples"]
        m["children"] += n.get("children") or []
    return out

want = {}
def walk(nodes, path):
    for k, m in merged(nodes).items():
        p = path + (k,)
        want[p] = (m["total"], m["self"])
        walk(m["children"], p)

j = json.load(open(sys.argv[1]))
tree = j.get("regularCallTree") or j.get("invertedCallTree")
walk(tree.get("children") or [], ())
got, stack = {}, []
for line in open(sys.argv[2], encoding="utf-8", errors="surrogateescape"):
    if line.startswith("#"):
        continue
    d, s, t, cs, ct, f = line.rstrip("\n").split("\t", 5)
    del stack[int(d):]
    stack.append(f)
    got[tuple(stack)] = (int(t), int(s))
bad = 0
for p, v in want.items():
    if got.get(p) != v:
        bad += 1
        if bad <= 3:
            print("  %s: pq total, self %s, sp-tree %s" %
                  (";".join(p)[-120:], v, got.get(p)))
print("%d nodes" % len(want), file=sys.stderr)
sys.exit(1 if bad or not want else 0)
EOF
}
n=0 bad=0 nodes=0
for f in "$C"/samply/samply-v49-linux-x86_64-raphael-25threads.json.gz \
    "$C"/samply/samply-v49-macos-arm64-duckdb-8threads.json.gz \
    "$C"/samply/samply-v55-linux-x86_64-radixox.json.gz \
    "$C"/samply/samply-v49-linux-x86_64-ubuntu-monte-cardo.json.gz \
    "$C"/firefox-processed/ffprof-v55-frontend-symbolicated-macos-rusty-chess-bot.json.gz; do
	[ -f "$f" ] || continue
	b=${f##*/}
	pq_load "$f"
	sp-flatten "$f" > stream || { echo "$b: sp-flatten failed"; exit 1; }
	pq_threads 3 > threads
	while IFS="$(printf '\t')" read -r h pid tid name; do
		for v in top-down bottom-up; do
			n=$((n + 1))
			opt=
			[ $v = bottom-up ] && opt=-i
			pq thread samples-$v --thread "$h" --json --include-idle \
			    --max-lines 3000 > pq.json || {
				echo "$b $h: pq samples-$v failed"
				bad=$((bad + 1))
				continue
			}
			sp-flatten -p "$pid" -T "$tid" "$f" | sp-tree $opt -m 0 --tsv > sp.tsv
			if ! compare pq.json sp.tsv 2> count; then
				echo "$b $h ($name) $v differs from pq:"
				bad=$((bad + 1))
			fi
			nodes=$((nodes + $(cut -d' ' -f1 count)))
		done
	done < threads
done
pq_stop
echo "$n trees of $((n / 2)) threads compared with pq ($nodes nodes), $bad differ"
[ "$n" -ge 20 ] && [ "$bad" -eq 0 ]
