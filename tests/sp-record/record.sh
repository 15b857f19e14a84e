# A real recording (perf record -e cpu-clock) of the workload built with
# gcc -g -O2: the hot leaf, and with the default (DWARF) unwinding, its
# caller, which frame pointers would lose.
. "$T/real-setup"
sp-record -- ./hot 0.4 >out 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
grep -q '^#sp samples 1' out || exit 1
n=$(grep -c 'hot!main;hot!hot_caller;hot!hot_leaf' out)
all=$(grep -c 'hot!hot_leaf' out)
echo "hot_leaf in $all samples, under hot_caller in $n" >&2
[ "$all" -ge 20 ] && [ "$n" -ge $((all * 9 / 10)) ] || exit 1
grep -q 'hot!main;hot!cold_caller;hot!warm_leaf' out || exit 1
sp-aggregate out | sp-top 5 >top || exit 1
grep -q "hot!hot_leaf" top || exit 1
# One thread: the samples before hot's exec (sp-record-exec, perf-exec)
# are left out.  -v says that sp reads the perf.data itself.
[ "$(grep -v '^#' out | cut -f1-4 | sort -u | wc -l)" -eq 1 ] || exit 1
sp-record -v -- ./hot 0.1 >out 2>err || { cat err >&2; exit 1; }
grep -q '^sp-record: [^ ]*perf record .* -- [^ ]*/sp-record-exec --exec-fd=' err &&
    grep -q '^sp-record: sp-flatten reads .*perf.data itself$' err &&
    grep -q 'sp-flatten --source perf record .*perf.data | .*sp-symbolize -m -q$' err ||
    { cat err >&2; exit 1; }
