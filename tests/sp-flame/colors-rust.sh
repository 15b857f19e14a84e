# --palette rust (flamegraph-rs's spelling)
. "$TOP/tests/lib/flame-golden"
printf 'main;std::rt::lang_start 3\nmain;app::run 4\nmain;memcpy 1\n' | sp-flame --palette rust | noscript
