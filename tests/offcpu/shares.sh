# The waiter thread of tests/workloads/waits.c computes, sleeps, reads a
# pipe and waits for a mutex in turn, and says how long each took by its
# own clock.  Recorded with --off-cpu, sp's wall-time share of each on
# that thread (the weight of the samples whose stack holds it) is the
# program's own within 4 points; the three waits end in their
# pseudo-frames; off-CPU samples have no CPU time.  Recorded without it,
# the sleeping function has no share of its own: under 5 points where its
# wall share is about 24 (its system call's way in and out is CPU time,
# a sample in a hundred here, more on a busy machine).
. "$T/setup"
offcpu_record wall.s -- ./waits 30 10
grep -q '^#units	time=ms	weight=wall-ns	cpu=ns$' wall.s || { echo "no wall-time #units" >&2; exit 1; }
grep -q '^#off-cpu	' wall.s || { echo "no #off-cpu header" >&2; exit 1; }
own=$(grep -E '^(compute|snooze|drain|contend|total) ' rec.err)
[ -n "$own" ] || { echo "the workload said nothing" >&2; cat rec.err >&2; exit 1; }
shares wall.s waiter >sp.shares
echo "$own" | awk -v spf=sp.shares '
	$1 == "total" { total = $2; next }
	{ ms[$1] = $2 }
	END {
		while ((getline l < spf) > 0) {
			split(l, a, " ")
			mine = 100 * ms[a[1]] / total
			d = a[2] - mine
			printf "%s: sp %.2f%%, its own clock %.2f%%\n", a[1], a[2], mine > "/dev/stderr"
			if (d > 4 || d < -4)
				bad = 1
		}
		exit bad
	}' || { echo "a share differs by more than 4 points" >&2; exit 1; }
for f in 'waits!snooze;.*\[off-cpu: sleeping\]$' 'waits!drain;.*\[off-cpu: sleeping\]$' 'waits!contend;.*\[off-cpu: sleeping\]$'; do
	awk -F'\t' '$3 == "waiter"' wall.s | cut -f8 | grep -q "$f" || { echo "no stack matches $f" >&2; exit 1; }
done
awk -F'\t' '!/^#/ && $8 ~ /\[off-cpu: [a-z]*\]$/ && $7 != 0 { bad = 1 } END { exit bad }' wall.s ||
    { echo "an off-CPU sample has CPU time" >&2; exit 1; }
sp-record -- ./waits 10 10 >cpu.s 2>cpu.err || { cat cpu.err >&2; exit 1; }
shares cpu.s waiter >cpu.shares
awk '$1 == "snooze" && $2 >= 5 { print "without --off-cpu snooze has " $2 "%" > "/dev/stderr"; bad = 1 } END { exit bad }' cpu.shares || exit 1
