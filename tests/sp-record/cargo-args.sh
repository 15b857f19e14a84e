# --cargo with a stand-in cargo and perf: the cargo command line, debug info
# asked for through the environment, the executable taken from the
# compiler-artifact message of the wanted kind and name, --bench given to
# bench harnesses as cargo bench does, several binaries refused.
. "$T/fake-setup"
cat >bin/cargo <<'EOT'
#!/bin/sh
echo "cargo $*" >>"$FAKE_LOG"
env | grep '^CARGO_PROFILE_' >>"$FAKE_LOG"
d=$PWD
cat <<EOJ
{"reason":"compiler-artifact","target":{"kind":["lib"],"name":"mylib"},"executable":null}
{"reason":"build-script-executed","package_id":"x"}
{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"tool"},"executable":"$d/tool"}
{"reason":"compiler-artifact","target":{"kind":["bench"],"name":"speed"},"executable":"$d/speed-0123"}
{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"other"},"executable":"$d/other"}
{"reason":"build-finished","success":true}
EOJ
EOT
printf '#!/bin/sh\necho "run $0 $*" >>"$FAKE_LOG"\n' >speed-0123
cp speed-0123 tool
chmod +x bin/cargo speed-0123 tool
FAKE_LOG=$PWD/log
export FAKE_LOG
unset CARGO_PROFILE_BENCH_DEBUG CARGO_PROFILE_RELEASE_DEBUG \
    CARGO_PROFILE_MY_PROF_DEBUG
sp-record --cargo --bench speed --profile bench --cargo-arg=--features=x \
    -- fast >out || exit 1
sp-record --cargo --bin tool --profile my-prof -- a b >out || exit 1
sp-record --cargo 2>err
echo "status $?"
cat err
sp-record --cargo --example nothere 2>err
echo "status $?"
cat err
grep -v '^perf' log | sed "s|$PWD|DIR|g"
