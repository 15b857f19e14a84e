// The workload of tests/sp-annotate/cargo.sh: spin() divides and
// multiplies in a loop, its samples spread over several instructions.
#[inline(never)]
fn spin(mut x: u64) -> u64 {
    let mut acc = 0u64;
    for i in 1..4000u64 {
        acc = acc.wrapping_add(x / (i | 1));
        x = x.wrapping_mul(2862933555777941757).wrapping_add(3037000493);
    }
    acc
}

fn main() {
    // A fixed amount of work, not of time: as many samples on a busy
    // machine as on an idle one.
    let rounds: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut sink = 0u64;
    for i in 0..rounds {
        sink = sink.wrapping_add(spin(std::hint::black_box(i)));
    }
    println!("{}", sink);
}
