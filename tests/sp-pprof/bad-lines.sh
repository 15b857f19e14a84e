# Each bad line: FILE:LINE and why on stderr, status 1, nothing on stdout.
WRITER=sp-pprof
. "$TOP/tests/lib/writer-bad-lines"
bad_samples_1
bad_samples_2
bad_headers
check "#units${t}time=ms${t}weight=samples
#units${t}time=ms${t}weight=bytes"
bad_missing
