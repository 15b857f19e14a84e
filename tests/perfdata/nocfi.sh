# A DWARF recording of a leaf called from code without call-frame
# information (nocfi_mid.c, as crtstuff's __do_global_dtors_aux, which
# calls __cxa_finalize at exit): unwind.h steps past it by the frame
# pointer to main() and on, as perf's libunwind does, so the stacks are
# perf's (setup's same_dwarf); before, they stopped at middle().
WORK=nocfi
. "$T/setup"
workloads
cc -O2 -fno-asynchronous-unwind-tables -fno-unwind-tables \
    -fno-omit-frame-pointer -c -o mid.o "$T/nocfi_mid.c" || exit 1
cc -O2 -g -o nocfi "$T/nocfi.c" mid.o || exit 1
record nocfi.data --call-graph dwarf ./nocfi 0.3
same_dwarf nocfi.data
n=$(grep -c 'nocfi!0x[0-9a-f]*;nocfi!0x[0-9a-f]*;nocfi!0x[0-9a-f]*$' mine.s)
echo "nocfi.data: $n samples of leaf < middle < main" >&2
[ "$n" -gt 0 ] || { echo "no stack reached main past middle" >&2; exit 1; }
