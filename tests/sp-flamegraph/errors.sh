# Each failure in one sentence, before anything is recorded: no perf, an
# unwritable output, a missing program to record; a full disk is caught.
. "$T/setup"
need_flame
fake_perf
# No perf on PATH (sp-flamegraph's own directory and /bin for sh only).
mkdir nobin
for p in sp-record sp-flatten sp-symbolize sp-aggregate sp-flame sp-flamegraph; do
	ln -s "$(command -v $p)" nobin/$p
done
PATH=$PWD/nobin sp-flamegraph -- true 2>err
echo "no perf: status $?"
cat err
sp-flamegraph -o nodir/x.svg -- true 2>err
echo "unwritable: status $?"
cat err
[ -s log ] && { echo "perf ran"; exit 1; }
sp-flamegraph -o x.svg -- ./not-there 2>err
echo "not found: status $?"
cat err
[ -e x.svg ] && exit 1
sp-flamegraph -o /dev/full -- true 2>err
echo "full disk: status $?"
grep -c 'No space left on device' err
ls -a | grep -c '^\.'
