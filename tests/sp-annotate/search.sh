# A binary that is not at the path the profile names: its addresses and
# the reason, exit 1; --search DIR finds it there by its name.
. "$T/craft"
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
craft hot hot hot_leaf >s.sp
mkdir elsewhere
mv hot elsewhere/hot
sp-annotate -C 'hot!hot_leaf' s.sp >out 2>err
echo "status $?"
sed "s|$PWD|DIR|g" err
sed "s|$PWD|DIR|g" out | grep -q '^note: its binary DIR/hot is not here' || { cat out >&2; exit 1; }
sp-annotate -C --search elsewhere 'hot!hot_leaf' s.sp >out2 || { cat out2 >&2; exit 1; }
grep -q "^binary elsewhere/hot, " out2 || { cat out2 >&2; exit 1; }
grep -q 'x = x \* 6364136223846793005UL' out2 || { cat out2 >&2; exit 1; }
