# Times of 17 to 19 significant digits (gen-large.py's and samply's sums
# print so), which the tokenizer reads with one extended-precision division
# instead of strtod (util.c, decimal_to_double): every one must come out as
# the double strtod gives, in a packed column (16 values or more) and in a
# short one.  Times above 9e9 ms are written with %.17g, so the output
# shows the double itself; python3's float() is the reference.
command -v python3 > /dev/null || { echo "python3 not installed" >&2; exit 77; }
python3 - "$T/v55.json" <<'PY' || exit 2
import json, random, sys
random.seed(19)
p = json.load(open(sys.argv[1]))
def times(n):
    out, t = [], 9.5e9
    for _ in range(n):
        t += random.random() * 1000
        d = random.randint(17, 19)
        s = "%.*e" % (d - 1, t)
        mant, exp = s.split("e")
        v = float(s)
        out.append(repr(v) if random.random() < 0.5 else
                   ("%.*f" % (max(0, d - 1 - int(exp)), v)))
    return out
# Halfway and near-halfway values between doubles around 1e10 and 2^53.
extra = ["9007199254740993.0", "9007199254740995.0", "12345678901.2345675",
         "17179869184.0000019073486328125"[:20], "10000000000.000000954"]
for name, n in (("packed", 300), ("short", 8)):
    ts = times(n) + (extra if name == "packed" else [])
    th = p["threads"][0]
    s = th["samples"]
    m = len(ts)
    text = json.dumps(p)
    s2 = dict(s, length=m, stack=[s["stack"][i % len(s["stack"])] for i in range(m)],
              weight=[1] * m)
    s2.pop("timeDeltas", None)
    s2.pop("threadCPUDelta", None)
    s2["time"] = "@TIME@"
    p2 = dict(p, threads=[dict(th, samples=s2)])
    text = json.dumps(p2).replace('"@TIME@"', "[" + ",".join(ts) + "]")
    open(name + ".json", "w").write(text)
    open(name + ".want", "w").write("".join("%.17g\n" % float(x) for x in sorted(ts, key=float)))
PY
bad=0
for f in packed short; do
	sp-flatten $f.json > $f.out || { echo "$f: sp-flatten failed"; bad=1; continue; }
	grep -v '^#' $f.out | cut -f5 | sort -g > $f.got
	cmp -s $f.want $f.got || { echo "$f: times differ:"; diff $f.want $f.got | head; bad=1; }
done
exit $bad
