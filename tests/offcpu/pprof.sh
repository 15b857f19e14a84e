# sp-pprof gives a wall-time stream the sample types "wall/nanoseconds"
# (the default) and "cpu/nanoseconds": read back by type name, the wall
# time of each stack and, beside it, the CPU time of the on-CPU ones.
cp "$T/offcpu.data" . || exit 1
sp-flatten offcpu.data 2>/dev/null | sp-pprof >p.pb.gz || exit 1
sp-flatten -s wall p.pb.gz | grep -v '^#' || exit 1
echo '--- cpu'
sp-flatten -s cpu p.pb.gz | grep -v '^#' | awk -F'\t' '$6 > 0'
