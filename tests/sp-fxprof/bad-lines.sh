# Each bad line: FILE:LINE and why on stderr, status 1, nothing on stdout.
WRITER=sp-fxprof
. "$TOP/tests/lib/writer-bad-lines"
bad_lines_json
