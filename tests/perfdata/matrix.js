// The JavaScript workload of vs-node.sh: spinBoth calls two hot
// functions, about 1:2, for process.argv[2] rounds.
function spinOne(n) {
	let s = 0;
	for (let i = 0; i < n; i++)
		s += Math.sqrt(i) * 0.5;
	return s;
}

function spinTwo(n) {
	let s = 0;
	for (let i = 0; i < 2 * n; i++)
		s += Math.sqrt(i + 1) * 0.25;
	return s;
}

function spinBoth(n) {
	return spinOne(n) + spinTwo(n);
}

const rounds = Number(process.argv[2] || 10);
let t = 0;
for (let r = 0; r < rounds; r++)
	t += spinBoth(1000000);
if (t === 0)
	process.exit(1);
