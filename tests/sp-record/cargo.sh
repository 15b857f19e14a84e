# --cargo: build a crate's binary with debug info (without touching
# Cargo.toml), find the executable in cargo's JSON messages, record it.
# Offline: the crate has no dependencies.  (cargo-args tests the choice
# of the other kinds of target.)
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
command -v cargo >/dev/null 2>&1 || { echo "cargo is not installed" >&2; exit 77; }
mkdir -p spin/src
cat >spin/Cargo.toml <<'EOT'
[package]
name = "spin"
version = "0.1.0"
edition = "2021"

[[bin]]
name = "spin"
path = "src/main.rs"
EOT
cat >spin/src/main.rs <<'EOT'
use std::time::{Duration, Instant};

#[inline(never)]
fn spin_leaf(mut x: u64) -> u64 {
    for _ in 0..20000 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    }
    x
}

#[inline(never)]
fn spin_caller(i: u64) -> u64 {
    // Not a tail call, so that the caller stays on the stack.
    std::hint::black_box(spin_leaf(i)) + 1
}

fn main() {
    let secs: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0.4);
    let end = Instant::now() + Duration::from_secs_f64(secs);
    let mut acc = 0u64;
    let mut i = 0u64;
    while Instant::now() < end {
        acc ^= spin_caller(i);
        i += 1;
    }
    println!("{}", acc);
}
EOT
cd spin
CARGO_TARGET_DIR=$PWD/target CARGO_NET_OFFLINE=true
export CARGO_TARGET_DIR CARGO_NET_OFFLINE
sp-record --cargo -- 0.4 >../out 2>../err
st=$?
cannot $st ../err
[ $st -eq 0 ] || { cat ../err >&2; exit 1; }
grep -q 'spin!spin::spin_caller;spin!spin::spin_leaf' ../out || exit 1
# Built with debug info, though Cargo.toml says nothing of it.
readelf -S target/release/spin 2>/dev/null | grep -q debug_info || exit 1
# A target that is not there.
sp-record --cargo --bin nothere 2>../err3
[ $? -eq 1 ] && grep -q '^sp-record: cargo build exited with status 101$' ../err3
