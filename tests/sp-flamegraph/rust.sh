# sp-flamegraph --cargo on a Rust program as today's cargo builds it
# (rustc links with LLD: file offsets are not addresses; debug = true; no
# crates): the picture gives each #[inline(never)] hot function the share
# perf report gives it on the same recording (kept by a perf that copies
# its file), within 1.5 points, and names no __FRAME_END__.
. "$T/setup"
need_flame
real_perf
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
command -v cargo >/dev/null 2>&1 || { echo "cargo is not installed" >&2; exit 77; }
mkdir -p hot3/src bin
cat >hot3/Cargo.toml <<'EOT'
[package]
name = "hot3"
version = "0.1.0"
edition = "2021"

[profile.release]
debug = true
EOT
cat >hot3/src/main.rs <<'EOT'
use std::hint::black_box;

#[inline(never)]
fn work_one(mut x: u64, n: u64) -> u64 {
    for _ in 0..n {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    }
    x
}

#[inline(never)]
fn work_two(mut x: u64, n: u64) -> u64 {
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    x
}

#[inline(never)]
fn work_three(mut x: u64, n: u64) -> u64 {
    for i in 0..n {
        x = x.rotate_left(5).wrapping_add(i) ^ 0x9e3779b97f4a7c15;
    }
    x
}

fn main() {
    let rounds: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let mut acc = 0u64;
    for r in 0..rounds {
        acc ^= work_one(black_box(r), black_box(50_000_000));
        acc ^= work_two(black_box(r), black_box(4_000_000));
        acc ^= work_three(black_box(r), black_box(3_000_000));
    }
    println!("{}", acc);
}
EOT
# perf as it is, keeping a copy of what perf record wrote.
real=$(command -v perf)
cat >bin/perf <<EOT
#!/bin/sh
"$real" "\$@"
st=\$?
if [ "\$1" = record ]; then
	while [ \$# -gt 0 ]; do
		[ "\$1" = -o ] && cp "\$2" "$PWD/kept.data"
		shift
	done
fi
exit \$st
EOT
chmod +x bin/perf
PATH=$PWD/bin:$PATH
cd hot3
CARGO_TARGET_DIR=$PWD/target CARGO_NET_OFFLINE=true
export CARGO_TARGET_DIR CARGO_NET_OFFLINE
sp-flamegraph --cargo -o ../r.svg -- 60 >../out 2>../err
st=$?
cd ..
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
[ -s kept.data ] || { echo "the stand-in perf kept no recording" >&2; exit 1; }
wellformed r.svg
all=$(count r.svg all)
echo "$all samples" >&2
[ "$all" -ge 300 ] || exit 1
! titles r.svg | grep -q '__FRAME_END__' || { echo "__FRAME_END__ named" >&2; exit 1; }
perf report -i kept.data --children --sort sym --stdio -q -g none \
    --percent-limit 0 -t '|' 2>perf.err >perf.raw || { cat perf.err >&2; exit 1; }
for f in work_one work_two work_three; do
	p=$(sed -n "s/^ *\\([0-9.]*\\)% *|.*|\\[\\.\\] hot3::$f\$/\\1/p" perf.raw | head -n 1)
	n=$(count r.svg "hot3!hot3::$f")
	s=$(awk -v n="$n" -v a="$all" 'BEGIN { printf "%.2f", 100 * n / a }')
	echo "hot3::$f: perf report $p%, sp-flamegraph $s% ($n samples)" >&2
	[ -n "$p" ] && awk -v p="$p" -v s="$s" 'BEGIN { d = p - s; exit !(d <= 1.5 && d >= -1.5 && s >= 10) }' ||
	    exit 1
done
