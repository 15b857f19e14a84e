# --post-process COMMAND: the folded stacks go through the command (by
# sh -c) before they are drawn.
. "$T/setup"
need_flame
fake_perf
sp-flamegraph --post-process "sed 's/hot_leaf/renamed/'" -o p.svg -- true \
    2>err || { cat err; exit 1; }
titles p.svg | grep '^hot!' | sort
# A failing filter is an error, and no picture is written.
sp-flamegraph --post-process 'exit 4' -o q.svg -- true 2>err
echo "status $?"
grep '^sp-flamegraph:' err | sed 's|reads .*/perf.data:|reads DATA:|'
[ -e q.svg ] && exit 1
ls -a | grep '^\.q\.svg' | wc -l
