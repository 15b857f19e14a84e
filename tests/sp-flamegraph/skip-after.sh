# --skip-after FUNCTION (repeatable): the frames below (rootward of) the
# innermost frame of FUNCTION go; a frame is matched with or without its
# library.
. "$T/setup"
need_flame
fake_perf
sp-flamegraph --skip-after hot_caller --skip-after 'hot!cold_caller' \
    -o s.svg -- true 2>err || { cat err; exit 1; }
titles s.svg | grep '^hot!' | sort
