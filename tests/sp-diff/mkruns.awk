# mkruns.awk: a set of synthetic runs of known spread, for the A/A and A/B
# tests of sets of runs (runs.sh, synthetic.sh).  Usage:
#   awk -v out=DIR -v runs=N -v seed=S [-v grow=PCT] [-v kind=K]
#       [-v sets=M] -f mkruns.awk
# writes DIR/run-001.sp ... one sample stream a run (with sets, M sets
# DIR/001/run-001.sp ..., set i drawn from seed S + 2i), one line per stack
# whose weight is the frame's time in that run: app!compute 400 (sd 4%),
# app!walk 300 (sd 15%: the memory walk varies most), app!fault 200 (sd 6%),
# app!branch 100 (sd 5%), under app!main, and a rare frame (0.5, present in
# some runs only).  grow makes app!compute PCT% longer.  kind: normal
# (default), skew (each frame's noise lognormal) or heavy (Student's t with
# 3 degrees of freedom, scaled to the same sd), and every run's frames
# share a factor of sd 2% (the machine's speed).  The generator is its own
# (an LCG): the same seed writes the same runs on every awk.
function rnd() {
	# 48-bit LCG of drand48, exact in doubles
	state = (state * 25214903917 + 11) % 281474976710656
	return (int(state / 65536) + 0.5) / 4294967296
}
function gauss() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }
function noise(sd,   z, c) {
	if (kind == "skew")
		return exp(sd * gauss() - sd * sd / 2)
	if (kind == "heavy") {
		c = gauss() ^ 2 + gauss() ^ 2 + gauss() ^ 2
		return 1 + sd * gauss() / sqrt(c / 3) / sqrt(3)
	}
	return 1 + sd * gauss()
}
function set(dir, s,   r, f, m, i, w) {
	state = s * 7919 + 12345
	for (r = 1; r <= runs; r++) {
		f = sprintf("%s/run-%03d.sp", dir, r)
		print "#sp samples 1" > f
		print "#units\ttime=ms\tweight=samples\tcpu=ns" > f
		print "#columns\tprocess\tpid\tthread\ttid\ttime\tweight\tcpu\tstack" > f
		m = 1 + 0.02 * gauss()
		for (i = 1; i <= 4; i++) {
			w = base[i] * m * noise(sd[i])
			if (i == 1)
				w *= 1 + grow / 100
			w = int(w + 0.5)
			if (w < 0)
				w = 0
			printf "app\t1\tmain\t1\t%d\t%d\t\tapp!main;app!%s\n", i, w, name[i] > f
		}
		if (rnd() < 0.5)
			printf "app\t1\tmain\t1\t5\t1\t\tapp!main;app!rare\n" > f
		close(f)
	}
}
BEGIN {
	split("compute walk fault branch", name, " ")
	split("400 300 200 100", base, " ")
	split("0.04 0.15 0.06 0.05", sd, " ")
	if (sets == "") {
		set(out, seed)
		exit
	}
	for (k = 1; k <= sets; k++) {
		d = sprintf("%s/%03d", out, k)
		system("mkdir -p " d)
		set(d, seed + 2 * k)
	}
}
