# Kernel symbols as perf report takes them: the kallsyms that perf record
# kept in its build-id cache for the recording's kernel ($PERF_BUILDID_DIR,
# else ~/.debug: .build-id/xx/rest/kallsyms), else the running kernel's
# /proc/kallsyms; moved by where the kernel's _text was when it recorded
# (its MMAP record), as after a reboot that moved the kernel (KASLR).
#   proc: an empty cache: /proc/kallsyms names the kernel's frames;
#   kept: a cache whose every name ends "_kept": those names, at the
#         same frames;
#   moved: the kernel's own lines of /proc/kallsyms (no modules) with
#         every address 16 MiB higher: the same stream as from the same
#         lines unmoved, which names kernel frames.
. "$T/setup"
command -v python3 >/dev/null 2>&1 || { echo "no python3 to move addresses" >&2; exit 77; }
[ -r /proc/kallsyms ] && awk 'NR == 1 { exit $1 ~ /^0+$/ }' /proc/kallsyms ||
    { echo "/proc/kallsyms gives no addresses here (kptr_restrict)" >&2; exit 77; }
record k.data -g dd if=/dev/zero of=/dev/null bs=64k count=40000
id=$(perf buildid-list -i k.data 2>/dev/null |
    awk '$2 == "[kernel.kallsyms]" { print $1 }')
[ -n "$id" ] || { echo "perf recorded no build id of the kernel" >&2; exit 77; }
d=$(echo "$id" | cut -c1-2) r=$(echo "$id" | cut -c3-)
cache() {	# cache DIR < KALLSYMS
	mkdir -p "$1/.build-id/$d/$r" && cat >"$1/.build-id/$d/$r/kallsyms"
}
flatten() {	# flatten DIR > STREAM (its samples)
	PERF_BUILDID_DIR=$PWD/$1 sp-flatten k.data | grep -v '^#' || exit 1
}
mkdir empty
flatten empty >proc.s
grep -q '\[kernel\.kallsyms\]![a-z_]' proc.s ||
    { echo "no kernel frame named from /proc/kallsyms" >&2; exit 1; }
awk -F'\t' -v OFS='\t' '{ $1 = $1 "_kept"; print }' /proc/kallsyms | cache kept
flatten kept >kept.s
grep -q '\[kernel\.kallsyms\]![a-z_0-9.]*_kept' kept.s ||
    { echo "the cache's kallsyms was not read" >&2; exit 1; }
sed 's/_kept//g' kept.s | diff proc.s - >&2 ||
    { echo "the cache's names are not at /proc/kallsyms' frames" >&2; exit 1; }
grep -v '	' /proc/kallsyms >core
cache core <core
flatten core >core.s
grep -q '\[kernel\.kallsyms\]![a-z_]' core.s || exit 1
python3 -c '
import sys
for line in sys.stdin:
    a, rest = line.split(" ", 1)
    sys.stdout.write("%016x %s" % ((int(a, 16) + (16 << 20)) % (1 << 64), rest))
' <core | cache moved
flatten moved >moved.s
diff core.s moved.s >&2 ||
    { echo "the kernel's symbols were not moved back to where it recorded" >&2; exit 1; }
echo "kernel frames: $(grep -o '\[kernel\.kallsyms\]![^;	]*' proc.s | wc -l)" >&2
