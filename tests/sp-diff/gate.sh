# --fail-above: app!main's share grew from 83.33% to 100% (+16.67 points)
# and app!work's from 50% to 75%, with z 1.12 and 0.93: only --z below
# those makes them significant.  The table is still written.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff --fail-above 10 a.sp b.sp > out1; echo "status $?"
sp-diff --z 0.9 --fail-above 20 a.sp b.sp > out2; echo "status $?"
# The table differs in the #threshold line only.
diff out1 out2 | grep '^[<>]'
sp-diff --z 0.9 --fail-above 10 a.sp b.sp > /dev/null; echo "status $?"
