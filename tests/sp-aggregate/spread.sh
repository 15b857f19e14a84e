# --spread: each frame's median, min, max and mean over a set of runs
# (tests/sp-diff/mkruns.awk), from a directory and from files alike; bad
# uses refused.
mkdir a || exit 1
awk -v out=a -v runs=5 -v seed=1 -f "$TOP/tests/sp-diff/mkruns.awk" || exit 1
sp-aggregate --spread a
sp-aggregate --spread a > x && sp-aggregate --spread a/run-00[1-5].sp | cmp - x || exit 1
sp-aggregate --spread 2> err; echo "status $?"; cat err
sp-aggregate --spread -c a 2> err; echo "status $?"; cat err
mkdir empty
sp-aggregate --spread empty 2> err; echo "status $?"; cat err
