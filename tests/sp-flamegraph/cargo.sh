# --cargo with its options, with stand-ins for cargo and perf: the cargo
# command line sp-record runs, the executable it records, the picture.
. "$T/setup"
need_flame
fake_perf
cat >bin/cargo <<'EOT'
#!/bin/sh
echo "cargo $*" >>"$FAKE_LOG"
env | grep '^CARGO_PROFILE_' >>"$FAKE_LOG"
cat <<EOJ
{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"tool"},"profile":{"test":false},"executable":"$PWD/tool"}
{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"other"},"profile":{"test":false},"executable":"$PWD/other"}
{"reason":"build-finished","success":true}
EOJ
EOT
printf '#!/bin/sh\necho "run $0 $*" >>"$FAKE_LOG"\n' >tool
chmod +x bin/cargo tool
unset CARGO_PROFILE_RELEASE_DEBUG CARGO_PROFILE_DEV_DEBUG
sp-flamegraph --cargo --bin tool --release -f simd --no-default-features \
    --package p --manifest-path m/Cargo.toml -o c.svg -- a b 2>err ||
    { cat err; exit 1; }
[ "$(count c.svg 'hot!hot_leaf')" = 2 ] || exit 1
sp-flamegraph --cargo -b tool --dev -o d.svg 2>err || { cat err; exit 1; }
grep '^cargo\|^CARGO\|^run' log | sed "s|$PWD|DIR|g"
