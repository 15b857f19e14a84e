# --fail-frame limits the gate to matching frames (shell patterns on the
# unescaped frame); alone, it fails on any significant growth of them.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff --z 0.5 --fail-above 10 --fail-frame '*work' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'app!n*' --fail-frame '*hot' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'app!gone' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'work' a.sp b.sp > /dev/null
echo "status $?"
