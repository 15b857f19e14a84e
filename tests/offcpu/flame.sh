# sp-flame draws an off-CPU stream as one hot/cold graph: off-CPU frames
# (the pseudo-frames, and every frame most of whose time is off CPU) in
# blues, on-CPU ones in the palette's warm colours, a legend saying which
# is which and the rule for a frame with both below it; counts in ns.
cp "$T/offcpu.data" . || exit 1
sp-flatten offcpu.data 2>/dev/null | sp-flame >g.svg || exit 1
grep -q '<g id="legend">' g.svg || { echo "no legend" >&2; exit 1; }
grep -q 'id="legend-rule"[^>]*>a frame is cold when most of its time is off CPU<' g.svg ||
    { echo "no rule in the legend" >&2; exit 1; }
# NAME's fill: "r g b".
fill() {
	grep -F "<title>$1 (" g.svg | head -n 1 |
	    sed 's/.*fill="rgb(\([0-9]*\),\([0-9]*\),\([0-9]*\))".*/\1 \2 \3/'
}
cold() { fill "$1" | awk -v n="$1" '!($3 > $1) { print n ": not cold: " $0 > "/dev/stderr"; exit 1 }'; }
warm() { fill "$1" | awk -v n="$1" '!($1 > $3) { print n ": not warm: " $0 > "/dev/stderr"; exit 1 }'; }
cold '[off-cpu: sleeping]' && cold '[off-cpu: uninterruptible]' &&
    cold '[off-cpu: preempted]' || exit 1
# app!0x1300 is on CPU only; app!0x1200 holds 11.5 ms off CPU of 13.5.
warm 'app!0x1300' && cold 'app!0x1200' || exit 1
grep -q '<title>all (13,500,000 ns, 100%)</title>' g.svg || { echo "counts are not ns" >&2; exit 1; }
# Without off-CPU stacks: no legend.
sp-flatten --event cpu-clock offcpu.data 2>/dev/null | sp-flame >plain.svg || exit 1
! grep -q 'id="legend"' plain.svg
