# sp-annotate against perf annotate --stdio on a `cargo build --release`
# binary (debug = true), linked with LLD where it is installed: LLD lays
# out file offsets apart from addresses, so the stream's addresses must be
# translated as for perf.data (sp(5)).  The instruction shares agree
# within 0.5 points, the hottest instruction is the same.  Skipped without
# cargo.
. "$T/perf-setup"
command -v cargo >/dev/null 2>&1 || { echo "cargo is not installed" >&2; exit 77; }
cp -R "$T/cargo" crate || exit 1
cd crate || exit 1
if command -v ld.lld >/dev/null 2>&1; then
	RUSTFLAGS="-C link-arg=-fuse-ld=lld"
	export RUSTFLAGS
fi
CARGO_TARGET_DIR=$PWD/target cargo build --release --offline -q >build.log 2>&1 ||
    { cat build.log >&2; exit 1; }
record r target/release/spin 40000
compare_perf r.data r.sp 'spin::spin'
