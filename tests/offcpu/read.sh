# A hand-made off-CPU perf.data (mkfixtures.py says what is in it): each
# interval off CPU one sample with its state's pseudo-frame, weighted by
# its length in ns, out-of-order records read in time order, an interval
# open at the end ended there, one ended by its thread's exit; a wait of
# 2 us dropped and counted, lost events and an interval without its end
# counted.  Then the same with --off-cpu-min 0 (the short wait kept), and
# with --event cpu-clock (the on-CPU samples alone, as before).
cp "$T/offcpu.data" . || exit 1
sp-flatten offcpu.data || exit 1
echo '--- --off-cpu-min 0'
sp-flatten --off-cpu-min 0 offcpu.data 2>&1 | grep -v '^#'
echo '--- --event cpu-clock'
sp-flatten --event cpu-clock offcpu.data 2>&1 | grep -v '^#'
