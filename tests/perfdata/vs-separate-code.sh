# GNU ld's two layouts: the workload's library as a shared library linked
# with -z separate-code (its code in a segment of its own, at an offset
# and address of its own), the program with -z noseparate-code (code in
# the first segment).  sp's reading gives each hot function perf
# report's self share within 1.5 points and names no function perf
# report does not (compare); frame pointers (-g).
. "$T/setup"
. "$T/compare"
command -v gcc >/dev/null 2>&1 || { echo "gcc is not installed" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
gcc -O2 -g -fPIC -shared -Wl,-z,separate-code -o libsep.so "$T/matrix_lib.c" || exit 1
gcc -O2 -g -Wl,-z,noseparate-code -o prog "$T/matrix.c" -L. -lsep -Wl,-rpath,"$PWD" || exit 1
OURS="prog libsep.so"
record sep.data -g ./prog 60
compare sep.data self hot_one self hot_two self hot_three self lib_hot_a self lib_hot_b
