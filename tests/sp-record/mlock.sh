# perf could not mmap its buffers: perf_event_mlock_kb, exit status 3.
. "$T/fake-setup"
FAKE_MODE=mlock sp-record -- true >out 2>err
[ $? -eq 3 ] || exit 1
[ ! -s out ] && [ "$(wc -l <err)" -eq 1 ] && [ -z "$(ls tmp)" ] || exit 1
grep -q "^sp-record: perf: mmap failed: .*kernel.perf_event_mlock_kb (.* kB).*sysctl kernel.perf_event_mlock_kb=2048" err
