// spin.js: a JIT workload for node --perf-basic-prof, for sp-record's
// node test and bench/record-node: two hot functions, kept apart (no
// inlining across them), ~1.5 s for the default 60 rounds.
//
// usage: node spin.js [rounds]
function spinOne(n) {
	let x = 1;
	for (let i = 0; i < n; i++)
		x = (x * 1103515245 + 12345) % 2147483648;
	return x;
}
function spinTwo(n) {
	let x = 7;
	for (let i = 0; i < n; i++)
		x = (x * 69069 + 1) % 4294967296;
	return x;
}
const rounds = Number(process.argv[2] || 60);
let s = 0;
for (let r = 0; r < rounds; r++) {
	s += spinOne(600000);
	s += spinTwo(400000);
}
console.log(s);
