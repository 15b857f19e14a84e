# Sets of runs (synthetic, mkruns.awk): app!compute made 25% longer in b.
# The table, the same from files around "vs", --shares, --markdown, and
# the gate's status and lines.
mkdir a b || exit 1
awk -v out=a -v runs=5 -v seed=1 -f "$T/mkruns.awk" || exit 1
awk -v out=b -v runs=5 -v seed=2 -v grow=25 -f "$T/mkruns.awk" || exit 1
sp-diff a b > table; echo "status $?"
cat table
# Files around vs: the same but for the #input lines (a's first file).
sp-diff a/run-* vs b/run-* | grep -v '^#input' > table2
grep -v '^#input' table | cmp - table2 || exit 1
echo "--- shares"
sp-diff --shares --level 90 --min-share 5 a b | grep -v '^#input'
echo "--- markdown, gate"
sp-diff --markdown --fail-above 1 a b; echo "status $?"
echo "--- gate above the change"
sp-diff --fail-above 10 a b > /dev/null; echo "status $?"
echo "--- fail-frame"
sp-diff --fail-frame app!walk a b > /dev/null; echo "status $?"
sp-diff --fail-frame 'app!comp*' a b > /dev/null; echo "status $?"
