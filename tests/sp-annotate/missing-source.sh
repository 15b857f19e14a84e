# A source file that is not where the debug information says: the listing
# says so and shows the instructions; --source-root finds it elsewhere.
. "$T/craft"
mkdir src other
cp "$TOP/tests/workloads/hot.c" src/hot.c
cc -O2 -g -o hot src/hot.c || exit 1
craft hot hot hot_leaf >s.sp
mv src/hot.c other/hot.c
sp-annotate -C hot_leaf s.sp >out || exit 1
grep -q "^note: source file $PWD/src/hot.c not found (--source-root DIR to look elsewhere)$" out ||
    { cat out >&2; exit 1; }
grep -q ' imul' out || { cat out >&2; exit 1; }
sp-annotate -C --source-root "$PWD/other" hot_leaf s.sp >out2 || exit 1
grep -q "^$PWD/other/hot.c$" out2 || { cat out2 >&2; exit 1; }
grep -q 'x = x \* 6364136223846793005UL' out2 || { cat out2 >&2; exit 1; }
! grep -q 'not found' out2
