# A Rust release binary as today's cargo builds it (rustc links with LLD
# on x86-64 Linux: file offsets are not addresses), with debug = true:
# sp's reading gives each #[inline(never)] hot function perf report's
# self share within 1.5 points and names no function perf report does not
# (compare).  Frame pointers (-g) and DWARF.
. "$T/setup"
. "$T/compare"
command -v cargo >/dev/null 2>&1 || { echo "cargo is not installed" >&2; exit 77; }
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
mkdir -p crate/src && cp "$T/matrix.rs" crate/src/main.rs || exit 1
cat >crate/Cargo.toml <<'TOML'
[package]
name = "mx"
version = "0.1.0"
edition = "2021"

[profile.release]
debug = true
TOML
(cd crate && CARGO_TARGET_DIR=target cargo build --release --offline -q) 2>cargo.err ||
    { cat cargo.err >&2; exit 1; }
cp crate/target/release/mx . || exit 1
OURS="mx"
HOT="self mx::work_one self mx::work_two self mx::work_three"
record fp.data -g ./mx 40
compare fp.data $HOT
record dwarf.data --call-graph dwarf ./mx 40
compare dwarf.data $HOT total mx::main
