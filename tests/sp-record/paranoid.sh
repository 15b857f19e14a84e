# perf refused by kernel.perf_event_paranoid: one sentence with the fix,
# exit status 3 (the profiler cannot run here).
. "$T/fake-setup"
FAKE_MODE=paranoid sp-record -- true >out 2>err
[ $? -eq 3 ] || exit 1
[ ! -s out ] && [ "$(wc -l <err)" -eq 1 ] && [ -z "$(ls tmp)" ] || exit 1
grep -q "^sp-record: perf: not permitted to profile.*kernel.perf_event_paranoid is .*'sysctl kernel.perf_event_paranoid=1'" err
