# gcc, PIE and -no-pie: sp's reading of perf.data (sp-flatten |
# sp-symbolize -m | sp-aggregate) gives each hot function perf report's
# self share within 1.5 points, and names no function perf report does
# not (compare).  Frame pointers (-g) for both; DWARF (--call-graph
# dwarf) for the PIE, where main's total share is compared too.
. "$T/setup"
. "$T/compare"
command -v gcc >/dev/null 2>&1 || { echo "gcc is not installed" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
gcc -O2 -g -fPIE -pie -o pie "$T/matrix.c" "$T/matrix_lib.c" || exit 1
gcc -O2 -g -fno-pie -no-pie -o nopie "$T/matrix.c" "$T/matrix_lib.c" || exit 1
OURS="pie nopie"
HOT="self hot_one self hot_two self hot_three self lib_hot_a self lib_hot_b"
record pie.data -g ./pie 60
compare pie.data $HOT
record nopie.data -g ./nopie 60
compare nopie.data $HOT
record dwarf.data --call-graph dwarf ./pie 60
compare dwarf.data $HOT total main
