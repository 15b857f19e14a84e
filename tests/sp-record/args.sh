# The perf command lines sp-record runs, the defaults and the pass-through
# arguments; the command's output goes to stderr, the stream to stdout;
# the temporary directory is removed.
mkdir bin tmp && cp "$T/fake-perf" bin/perf && chmod +x bin/perf
PATH=$PWD/bin:$PATH FAKE_LOG=$PWD/log TMPDIR=$PWD/tmp
export PATH FAKE_LOG TMPDIR
sp-record --perf-arg=--no-inherit --perf-arg -m8 -- echo hello >out 2>err ||
    exit 1
sed -e "s|$PWD/tmp/sp-record\.[^/]*|TMP|g" \
    -e 's|-- [^ ]*/sp-record-exec --exec-fd=[0-9]*:[0-9]* [^ ]*/echo|-- SELF --exec-fd=N:PGID PATH/echo|' log
grep -q '^hot	4242	hot	4242	.*hot!main;hot!hot_caller;hot!hot_leaf$' out ||
    exit 1
grep -q '^#sp samples 1' out || exit 1
# The stand-in's perf.data is not one: perf script reads it, said once.
[ "$(sed '/^sp-record: perf script reads .*: not a perf.data file$/d' err)" = hello ] ||
    exit 1
[ "$(wc -l <err)" -eq 2 ] || exit 1
[ -z "$(ls tmp)" ] || exit 1
# Other settings, and -r: the text of perf script itself.
: >log
sp-record -r -e task-clock -F 99 -g fp -o kept.data -- true >out2 || exit 1
# (-m: the ring buffer sp-record sizes, by this machine's limit; none
# above, where --perf-arg gives one.)
sed -e 's|-- [^ ]*/sp-record-exec --exec-fd=[0-9]*:[0-9]* [^ ]*/true|-- SELF --exec-fd=N:PGID PATH/true|' \
    -e 's| -m [0-9]* | -m PAGES |' log
cmp -s out2 "$T/hot.perf-script" || exit 1
[ -f kept.data ] || exit 1
sp-record -g dwarf -- true >/dev/null && grep -q 'call-graph dwarf,16384 ' log
