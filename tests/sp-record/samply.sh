# -P samply, with a stand-in samply (it is not installed here): the
# command line, the profile read back by sp-flatten (the stand-in writes
# perf script text, which sp-flatten also reads), -r, -p and -d; no samply
# at all: exit status 3.
mkdir bin
cat >bin/samply <<'EOT'
#!/bin/sh
echo "samply $*" >>"$FAKE_LOG"
out=profile.json.gz
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift ;;
	--) shift; break ;;
	esac
	shift
done
cp "$T/hot.perf-script" "$out"
[ $# -eq 0 ] || exec "$@"
EOT
chmod +x bin/samply
PATH=$PWD/bin:$PATH FAKE_LOG=$PWD/log TMPDIR=$PWD
export PATH FAKE_LOG TMPDIR
sp-record -P samply -F 500 --samply-arg=--main-thread-only -- sh -c 'echo hi' \
    >out 2>err || exit 1
grep -q '^hot	4242	.*hot!hot_caller;hot!hot_leaf$' out || exit 1
[ "$(cat err)" = hi ] || exit 1
sp-record --profiler=samply -r -o kept.json -p $$ -d 2.5 >out2 || exit 1
cmp -s out2 "$T/hot.perf-script" && [ -f kept.json ] || exit 1
sp-record -P samply -- sh -c 'exit 4' >/dev/null 2>err
echo "status $?"
cat err
sp-record -P samply -g fp -- true
echo "status $?"
sed -e "s|$PWD/sp-record\.[^/]*|TMP|" -e "s| [^ ]*/sh | sh |" -e "s| -p $$\$| -p PID|" log
PATH=$(dirname "$(command -v sp-record)") sp-record -P samply -- /bin/true
echo "status $?"
