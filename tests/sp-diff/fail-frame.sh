# --fail-frame limits the gate to the frames it names (sp(5), Frame
# arguments: the frame, the NAME of LIB!NAME, or a shell pattern); alone, it
# fails on any significant growth of them.  One that names no frame of
# either side is an error, with the frames that contain its text.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-diff --z 0.5 --fail-above 10 --fail-frame '*work' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'app!n*' --fail-frame '*hot' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'app!gone' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'work' a.sp b.sp > /dev/null
echo "status $?"
sp-diff --z 0.5 --fail-frame 'wrk' --fail-frame 'app!hott' a.sp b.sp
echo "status $?"
