# --backend dwarf on a `cargo build --release` program with debug = true,
# and on a rustc -C symbol-mangling-version=v0 program: the same output
# as --backend llvm, every address answered in process: Rust's v0 names
# (_R...), which this toolchain's standard library has, are demangled as
# LLVM does (dwarf_rust_v0.c), generics, impls and all, so nothing is
# left to llvm-symbolizer.
. "$T/dwarf.inc"
need cargo readelf llvm-symbolizer
mkdir -p src || exit 1
cat >Cargo.toml <<'TOML'
[package]
name = "spdw"
version = "0.1.0"
edition = "2021"

[profile.release]
debug = true
TOML
cat >src/main.rs <<'RS'
#[inline(always)]
fn leaf(x: u64) -> u64 { x.wrapping_mul(6364136223846793005).rotate_left(7) }

#[inline(never)]
fn work(v: &mut [u64]) -> u64 {
    let mut s = 0u64;
    for i in 0..v.len() { v[i] = leaf(v[i] ^ i as u64); s = s.wrapping_add(v[i]); }
    s
}

fn main() {
    let mut v: Vec<u64> = (0..std::env::args().count() as u64 * 1000).collect();
    let s = work(&mut v);
    v.sort();
    println!("{}", s);
}
RS
CARGO_TARGET_DIR=$PWD/target cargo build --release -q --offline 2>err ||
    { cat err >&2; exit 1; }
f=target/release/spdw
dense "$f" "$f" >spdw.addrs
stream spdw "$PWD/$f" spdw.addrs >spdw.tsv
compare spdw "$PWD/$f" spdw.tsv spdw.addrs

cat >v0.rs <<'RS'
fn main() {
    let v: Vec<u64> = (0..std::env::args().count() as u64 * 1000).collect();
    let s: u64 = v.iter().map(|x| x.wrapping_mul(3)).sum();
    println!("{}", s);
}
RS
rustc -O -g -C symbol-mangling-version=v0 v0.rs 2>err || { cat err >&2; exit 1; }
dense v0 v0 7 >v0.addrs
stream v0 "$PWD/v0" v0.addrs >v0.tsv
compare v0 "$PWD/v0" v0.tsv v0.addrs
