# The off-CPU stream of offcpu.data through the other tools, unchanged:
# sp-top shows wall time with CPU time beside; sp-aggregate --cpu gives
# the CPU view; sp-filter -g --drop '[[]off-cpu: *' the on-CPU samples
# alone (a '[' in a glob opens a set: '[[]' is the bracket itself).
cp "$T/offcpu.data" . || exit 1
sp-flatten -q offcpu.data 2>/dev/null >wall.s || exit 1
sp-aggregate wall.s | sp-top -w 100 || exit 1
echo '--- --cpu'
sp-aggregate --cpu wall.s | sp-top -w 100 3 || exit 1
echo '--- on CPU'
sp-filter -g --drop '[[]off-cpu: *' wall.s | grep -v '^#'
