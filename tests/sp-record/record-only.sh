# --record-only: perf record into -o's file and nothing more (no perf
# script, no stream); the command keeps the standard output.  -p takes a
# list of pids, passed to perf as one argument; perf's workload is then
# sp-record's helper (--attached), which perf starts once it records.
. "$T/fake-setup"
FAKE_LOG=$PWD/log
export FAKE_LOG
sp-record --record-only -o kept.data -- sh -c 'echo from the command' >out 2>err || { cat err; exit 1; }
cat out
cat kept.data
sleep 5 &
a=$!
sleep 5 &
b=$!
sp-record --record-only -o p.data -p "$a,$b" -d 0.1 >out 2>err || { cat err; exit 1; }
kill $a $b
[ -s out ] && exit 1
sed -e "s|$PWD|DIR|g" -e "s|$a,$b|A,B|g" -e 's|--exec-fd=[0-9:]*|--exec-fd=N|' \
    -e 's| -m [0-9]* | -m PAGES |' \
    -e 's|--attached=[0-9]*:[0-9]*|--attached=N:E|' \
    -e 's|/[^ ]*/sp-record |sp-record |' -e 's|[^ ]*/sp-record-exec |sp-record-exec |' -e 's|/[^ ]*/sleep |sleep |' -e 's| /[^ ]*/sh sh | SH sh |' log
