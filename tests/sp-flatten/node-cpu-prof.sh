# node --cpu-prof on a small script this test writes: sp-flatten |
# sp-aggregate gives, for every frame, the self and total sample counts
# that the profile's own nodes and samples give (counted here by node
# itself, with the naming rules of sp-flatten(1)).
command -v node >/dev/null 2>&1 || { echo "node is not installed" >&2; exit 77; }
cat >work.js <<'JS'
function leaf(n) { let s = 0; for (let i = 0; i < n; i++) s += Math.sqrt(i); return s; }
function middle(n) { return leaf(n) + leaf(n / 2); }
const t0 = Date.now();
let x = 0;
while (Date.now() - t0 < 300) x += middle(20000);
console.log(x > 0 ? "done" : "odd");
JS
cat >sums.js <<'JS'
// Self and total samples per frame label, straight from the profile.
const p = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
const byId = new Map(), parent = new Map();
for (const n of p.nodes) byId.set(n.id, n);
for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const label = (cf) => {
	let s = cf.functionName || "(anonymous)";
	if (cf.url) {
		if (cf.lineNumber < 0) s += ` (${cf.url})`;
		else if (cf.columnNumber < 0) s += ` (${cf.url}:${cf.lineNumber + 1})`;
		else s += ` (${cf.url}:${cf.lineNumber + 1}:${cf.columnNumber + 1})`;
	}
	return s.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/;/g, "\\;");
};
const self = new Map(), total = new Map();
for (const id of p.samples) {
	const st = [];
	for (let x = id; x !== undefined; x = parent.get(x)) {
		const n = byId.get(x);
		if (!parent.has(x) && n.callFrame.functionName === "(root)") break;
		st.push(label(n.callFrame));
	}
	if (st.length === 0) continue;
	self.set(st[0], (self.get(st[0]) || 0) + 1);
	for (const f of new Set(st)) total.set(f, (total.get(f) || 0) + 1);
}
for (const [f, t] of total) console.log(`${self.get(f) || 0}\t${t}\t${f}`);
JS
node --cpu-prof --cpu-prof-dir=prof --cpu-prof-interval 200 work.js >/dev/null || exit 1
set -- prof/*.cpuprofile
[ -f "$1" ] || { echo "node wrote no profile"; exit 1; }
node sums.js "$1" | sort >want || exit 1
sp-flatten "$1" | sp-aggregate | grep -v '^#' | cut -f 1,2,5 | sort >got || exit 1
[ "$(wc -l <want)" -gt 3 ] || { echo "too few frames:"; cat want; exit 1; }
grep -q 'leaf (file://.*work.js:1:' got || { echo "no leaf frame:"; cat got; exit 1; }
diff want got
