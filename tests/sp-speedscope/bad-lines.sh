# Each bad line: FILE:LINE and why on stderr, status 1, nothing on stdout.
WRITER=sp-speedscope
. "$TOP/tests/lib/writer-bad-lines"
bad_samples_1
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a${t}0"
bad_samples_2
bad_headers
check "#units${t}time=ms${t}weight=samples
p${t}1${t}t${t}1${t}0${t}1${t}${t}a
#units${t}time=ms${t}weight=ns
p${t}1${t}t${t}1${t}0${t}1${t}${t}a"
bad_missing
