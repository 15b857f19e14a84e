// The Rust workload of vs-rust.sh: three hot functions, kept out of line,
// with shares of about 1:2:3, for argv[1] rounds.
use std::hint::black_box;

#[inline(never)]
fn work_one(n: u64) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += black_box(i as f64 * 0.5);
    }
    s
}

#[inline(never)]
fn work_two(n: u64) -> f64 {
    let mut s = 0.0;
    for i in 0..2 * n {
        s += black_box(i as f64 * 0.25 + 1.0);
    }
    s
}

#[inline(never)]
fn work_three(n: u64) -> f64 {
    let mut s = 1.0;
    for i in 0..3 * n {
        s += black_box(1.0 / (i + 1) as f64);
    }
    s
}

fn main() {
    let rounds: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let unit = black_box(1_000_000u64);
    let mut t = 0.0;
    for _ in 0..rounds {
        t += work_one(unit);
        t += work_two(unit);
        t += work_three(unit);
    }
    std::process::exit(if t == 0.0 { 1 } else { 0 });
}
