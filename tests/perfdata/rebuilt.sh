# A binary rebuilt after the recording (another build id than perf
# recorded): sp-flatten reads the program headers of perf's copy in its
# build-id cache ($HOME/.debug, written by perf record), so the stream is
# the one read before the rebuild, with the recorded build id as the
# #lib codeId (sp-symbolize then refuses the new file); without the
# cache, the frames keep their file offsets, marked fileoff, with one
# warning.
. "$T/setup"
command -v clang >/dev/null 2>&1 || { echo "clang is not installed" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
clang -O2 -g -fuse-ld=lld -o mx "$T/matrix.c" "$T/matrix_lib.c" 2>cc.err ||
    { echo "clang cannot link with lld here: $(tail -n 1 cc.err)" >&2; exit 77; }
mkdir home && HOME=$PWD/home && export HOME
record mx.data -g ./mx 10
sp-flatten mx.data >before 2>before.err || exit 1
[ -d home/.debug/.build-id ] || { echo "perf record kept no build-id cache here" >&2; exit 77; }
clang -O1 -g -fuse-ld=lld -o mx "$T/matrix.c" "$T/matrix_lib.c" || exit 1
sp-flatten mx.data >after 2>after.err || exit 1
diff before after >&2 || { echo "the rebuilt binary changed the stream" >&2; exit 1; }
grep -q '^#lib	[0-9]*	mx	[^	]*	[^	]*	[^	]*	[0-9a-f][0-9a-f]*	' after ||
    { echo "no build id in mx's #lib line" >&2; exit 1; }
rm -r home/.debug
sp-flatten mx.data >nocache 2>nocache.err || exit 1
grep -q '^sp-flatten: mx.data: mx: not the file recorded (another build id), its [0-9,]* frames keep their file offsets$' nocache.err ||
    { cat nocache.err >&2; echo "no warning about the rebuilt binary" >&2; exit 1; }
grep -q '^#lib	[0-9]*	mx	.*	fileoff$' nocache ||
    { echo "mx's #lib line does not say fileoff" >&2; exit 1; }
