# Processes that fork and exec (a shell running two workloads at once):
# each child gets its parent's maps and comm, exec's COMM renames it, each
# process is named after its main thread, in both kinds of recording
# (DWARF: same leaves, setup's same_dwarf leaf says why not the stacks).
. "$T/setup"
workloads
record fp.data -g sh -c './hot 0.2 & ./inline 0.2; wait'
same fp.data
record dw.data --call-graph dwarf sh -c './hot 0.2 & ./inline 0.2; wait'
same_dwarf dw.data leaf
# A shell's loop calls through its PLT (dash: strcmp@plt, mempcpy@plt)
# often, 2% of the samples: perf names the stubs of the stripped binary,
# sp-flatten writes their addresses, sp-symbolize names them as perf does
# (setup's same).
record plt.data -g sh -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); a=x$i; [ "$a" = y ]; done; :'
same plt.data
echo "plt.data: $(grep -c '@plt (/' ref.txt) frames in PLT stubs named by perf" >&2
