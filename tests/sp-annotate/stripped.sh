# A binary without debug information: names from its symbol table, its
# instructions, and a note that it has no lines.  A fully stripped shared
# library still names its exported functions (.dynsym).
. "$T/craft"
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
craft hot hot hot_leaf >s.sp
strip --strip-debug hot
sp-annotate -C hot_leaf s.sp >out || exit 1
grep -q '^hot!hot_leaf  self' out || { cat out >&2; exit 1; }
grep -q '^note: no line information: the binary has no debug information' out ||
    { cat out >&2; exit 1; }
grep -q ' imul' out || { cat out >&2; exit 1; }
cc -O2 -g -fPIC -shared -o libwork.so "$T/lib.c" || exit 1
craft libwork.so libwork.so lib_spin >l.sp
strip libwork.so
sp-annotate -C -d lib_spin l.sp >out || exit 1
grep -q '^libwork.so!lib_spin  self' out || { cat out >&2; exit 1; }
grep -q '^note: no line information' out || { cat out >&2; exit 1; }
grep -q ' shl' out || { cat out >&2; exit 1; }
