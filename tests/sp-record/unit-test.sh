# --cargo --unit-test: the harness of the library's unit tests (or of a
# binary's, --unit-test=NAME), built with cargo test --no-run: the artifact
# of that target with a test profile, not the plain library or binary.
. "$T/fake-setup"
cat >bin/cargo <<'EOT'
#!/bin/sh
echo "cargo $*" >>"$FAKE_LOG"
d=$PWD
cat <<EOJ
{"reason":"compiler-artifact","target":{"kind":["lib"],"name":"mylib"},"profile":{"test":false},"executable":null}
{"reason":"compiler-artifact","target":{"kind":["lib"],"name":"mylib"},"profile":{"test":true},"executable":"$d/mylib-0123"}
{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"tool"},"profile":{"test":false},"executable":"$d/tool"}
{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"tool"},"profile":{"test":true},"executable":"$d/tool-4567"}
{"reason":"build-finished","success":true}
EOJ
EOT
printf '#!/bin/sh\necho "run $0 $*" >>"$FAKE_LOG"\n' >mylib-0123
cp mylib-0123 tool-4567
cp mylib-0123 tool
chmod +x bin/cargo mylib-0123 tool-4567 tool
FAKE_LOG=$PWD/log
export FAKE_LOG
unset CARGO_PROFILE_RELEASE_DEBUG
sp-record --cargo --unit-test -- some_test >out || exit 1
sp-record --cargo --unit-test=tool >out || exit 1
grep -v '^perf' log | sed "s|$PWD|DIR|g"
