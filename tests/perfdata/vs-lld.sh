# clang linked by LLD (-fuse-ld=lld), whose segments' file offsets are not
# their addresses: an executable with the workload's library in it, and
# one that calls it in a shared library.  sp's reading gives each hot
# function perf report's self share within 1.5 points and names no
# function perf report does not (compare).  Frame pointers (-g) for the
# first, DWARF for the second, where main's total is compared too.
# (sp-flatten wrote file offsets before: these frames were named
# __FRAME_END__ and the like.)
. "$T/setup"
. "$T/compare"
command -v clang >/dev/null 2>&1 || { echo "clang is not installed" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
clang -O2 -g -fuse-ld=lld -o exe "$T/matrix.c" "$T/matrix_lib.c" 2>cc.err ||
    { echo "clang cannot link with lld here: $(tail -n 1 cc.err)" >&2; exit 77; }
clang -O2 -g -fPIC -shared -fuse-ld=lld -o libmx.so "$T/matrix_lib.c" || exit 1
clang -O2 -g -fuse-ld=lld -o withlib "$T/matrix.c" -L. -lmx -Wl,-rpath,"$PWD" || exit 1
OURS="exe withlib libmx.so"
HOT="self hot_one self hot_two self hot_three self lib_hot_a self lib_hot_b"
record exe.data -g ./exe 60
compare exe.data $HOT
record lib.data --call-graph dwarf ./withlib 60
compare lib.data $HOT total main
