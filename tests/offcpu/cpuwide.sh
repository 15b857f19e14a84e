# The switch events of a system-wide recording (PERF_RECORD_SWITCH_CPU_WIDE)
# give the same stream as those of a per-thread one (mkfixtures.py).
cp "$T/offcpu.data" "$T/offcpu-cpuwide.data" . || exit 1
sp-flatten offcpu.data 2>a.err | grep -v '^#source' >a || exit 1
sp-flatten offcpu-cpuwide.data 2>b.err | grep -v '^#source' >b || exit 1
diff a b && [ "$(grep -c . a)" -gt 8 ] && sed 's/offcpu-cpuwide/offcpu/' b.err | diff a.err -
