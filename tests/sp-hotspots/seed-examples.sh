# The command lines of samply-hotspots' README, each run as it is:
#   --profile P --binary B --base 0x100000000 --top 25
#   --profile P --mixed
#   --profile P --binary B --targets 'my_crate::hot_function'
#   --profile P --binary B --cpu-weighted
# (--targets shows hot_function's lines only: main does not match.)
# B is seed.cc (a function my_crate::hot_function) built as an ELF whose
# text is linked at 0x100000000 like a macOS executable's __TEXT, and, when
# clang, ld64.lld and dsymutil are there, as a real arm64 Mach-O with its
# dSYM.  The stream holds relative addresses (nm's values less 0x100000000).
. "$T/fixtures.inc"
need llvm-symbolizer
F='my_crate::hot_function(unsigned long, long)'

# report LIB: the checks of the three seed command lines with --binary.
W1=9 W2=3 C1=9000000 C2=1000000
report() {
	sp-hotspots --profile p.sp --binary "$1" --base 0x100000000 --top 25 \
	    > out 2> err || { cat err; exit 1; }
	cat out err
	check "$1: SELF (single image)" "$(val SELF "$1!$F")" \
	    "$((W1 + W2)) $((W1 + W2))"
	check "$1: TOTAL main" "$(val TOTAL "$1!main")" "0 $((W1 + W2))"
	sp-hotspots --profile p.sp --binary "$1" --top 25 > out2 2>&1
	cmp -s out out2 || { echo "$1: --base changes the report"; fail=1; }
	sp-hotspots --profile p.sp --binary "$1" \
	    --targets 'my_crate::hot_function' > out 2> err || { cat err; exit 1; }
	check "$1: --targets HOT_LINE" \
	    "$(lineval "$1!$F" /src/seed.cc:$(line HOT_LINE seed.cc))" \
	    "$((W1 + W2)) $((W1 + W2))"
	sp-hotspots --profile p.sp --binary "$1" --cpu-weighted > out 2> err ||
	    { cat err; exit 1; }
	check "$1: --cpu-weighted SELF" "$(val SELF "$1!$F")" \
	    "$((C1 + C2)) $((C1 + C2))"
}

echo "== ELF at 0x100000000"
build_seed
check "first PT_LOAD" "$(firstload app)" 0x0000000100000000
seedstream app "$(buildid app)" $HOT $CALLHOT > p.sp
report app

echo "== --mixed"
build
stream > p.sp
sp-hotspots --profile p.sp --mixed > out 2> err || { cat err; exit 1; }
cat err
check "--mixed: SELF lib_work" "$(val SELF libhs.so!lib_work)" "$W3 $W3"

echo "== Mach-O"
LD=
for c in ld64.lld ld64.lld-19 ld64.lld-18 ld64.lld-17 ld64.lld-16 \
    ld64.lld-15 ld64.lld-14; do
	command -v $c >/dev/null 2>&1 && { LD=$c; break; }
done
if [ -z "$LD" ] || ! command -v dsymutil >/dev/null ||
    ! command -v llvm-objdump >/dev/null ||
    ! clang++ -target arm64-apple-macos11 -g -O2 \
    -fdebug-prefix-map="$PWD"=/src -c seed.cc -o seed.o 2>/dev/null ||
    ! $LD -arch arm64 -platform_version macos 11.0 11.0 \
    -unexported_symbol hot_mark -o a.out seed.o 2>/dev/null; then
	echo "no Mach-O tools: the Mach-O case is not run"
	exit $fail
fi
mrel() {
	_v=$(llvm-nm "$1" | awk -v s="$2" '$3 == s { print $1; exit }')
	printf '0x%x\n' $((0x$_v - 0x100000000))
}
HOT=$(mrel a.out hot_mark)
OBJDUMP=llvm-objdump
CALLHOT=$(callsite a.out _main __ZN8my_crate12hot_functionEml 0x100000000) ||
    exit 1
# The dSYM first, then the local hot_mark out of the symbol table, so that
# only DWARF names that address.
dsymutil a.out && llvm-strip -x a.out || exit 1
uuid=$(llvm-dwarfdump --uuid a.out | awk '{ gsub("-", "", $2); print $2; exit }')
seedstream a.out "$uuid" $HOT $CALLHOT > p.sp
report a.out
exit $fail
