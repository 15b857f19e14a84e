# Folded stacks have no times: their samples are spaced 1 ms apart on each
# thread, in input order, a line of N samples taking N ms (sp-flatten
# gives them a samples column), and the profile's information says so.
# A stream with times keeps them, sorted per thread; the interval is the
# median gap.
printf 'main;a 3\nmain;b 1\nmain;a;c 2\n' > s.folded
sp-flatten s.folded > folded.sp || exit 1
printf '#sp samples 1\np\t1\tt\t1\t5\t1\t\ta\np\t1\tt\t1\t2\t1\t\tb\np\t1\tt\t1\t2.5\t1\t\ta\n' > timed.sp
for f in folded.sp timed.sp; do
	sp-fxprof "$f" > p.json || exit 1
	python3 - p.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for t in p["threads"]:
    s = t["samples"]
    print(t["name"], s["time"], s["weight"], s["stack"])
print("interval", p["meta"]["interval"])
for e in p["meta"]["extra"][0]["entries"]:
    print(e["label"] + ":", e["value"])
PY
done
