# perf's ring buffer sized within the kernel's limits (ringbuf-size.c):
# a CPU's buffer and its header page within kernel.perf_event_mlock_kb
# (516 kB: 128 pages), plus half of RLIMIT_MEMLOCK over the CPUs; the
# sysctl suggested is the per-CPU figure the kernel compares.
command -v cc >/dev/null 2>&1 || { echo "no C compiler (cc)" >&2; exit 77; }
bindir=$(dirname "$(command -v sp-record)")
san=
[ -n "${SP_SANITIZED:-}" ] &&
    san="-fsanitize=address,undefined -fno-sanitize-recover=all"
# shellcheck disable=SC2086
cc -std=c11 -O1 $san -I"$TOP/common" -o size "$T/ringbuf-size.c" \
    "$bindir/../libsp.a" -lm || exit 1
./size
