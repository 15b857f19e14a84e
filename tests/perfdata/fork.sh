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
