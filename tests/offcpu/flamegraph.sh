# sp-flamegraph --off-cpu -- CMD draws one hot/cold flame graph of the
# workload's wall time: the sleeping function's frame cold (blue), the
# frames of the computing samples warm (which of compute's own frame is
# depends on how long it waited for a CPU: the load), the legend there.
. "$T/setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
sp-flamegraph --off-cpu -o w.svg -- ./waits 10 10 >/dev/null 2>err
st=$?
if [ $st -eq 3 ] || grep -q -e '--off-cpu: perf may not' err; then
	echo "perf cannot record off-CPU here: $(tail -n 1 err)" >&2
	exit 77
fi
[ $st -eq 0 ] || { cat err >&2; exit 1; }
grep -q '<g id="legend">' w.svg || { echo "no legend" >&2; exit 1; }
fill() {
	grep -F "<title>$1 (" w.svg | head -n 1 |
	    sed 's/.*fill="rgb(\([0-9]*\),\([0-9]*\),\([0-9]*\))".*/\1 \2 \3/'
}
[ -n "$(fill 'waits!snooze')" ] || { echo "no frame of snooze" >&2; exit 1; }
fill 'waits!snooze' | awk '!($3 > $1) { print "snooze is not cold: " $0 > "/dev/stderr"; exit 1 }' || exit 1
# Some frame (not the legend's swatch: frames have titles) is warm.
grep -F '<title>waits!compute (' w.svg >/dev/null || { echo "no frame of compute" >&2; exit 1; }
grep '<title>' w.svg | sed -n 's/.*fill="rgb(\([0-9]*\),\([0-9]*\),\([0-9]*\))".*/\1 \2 \3/p' |
    awk '$1 > $3 { warm = 1 } END { exit !warm }' || { echo "no warm frame" >&2; exit 1; }
