# The command fails: the profile is written all the same, with a warning,
# and sp-record exits 2.  (The stand-in perf is a shell, which reports
# "Terminated" itself: that line is not sp-record's.)  Its perf.data is not
# one, so perf script reads it, and sp-record says why.
. "$T/fake-setup"
sp-record -- sh -c 'exit 3' >out 2>err
echo "status $?"
grep -q '^hot	' out || exit 1
sp-record -- sh -c 'kill -TERM $$' >out 2>>err
echo "status $?"
grep -q '^hot	' out || exit 1
grep -v '^Terminated$' err | sed 's|reads .*/perf.data:|reads DATA:|'
