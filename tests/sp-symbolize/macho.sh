# Mach-O without a Mac: clang -target arm64-apple-macos11 + ld64.lld +
# dsymutil build a real executable and its dSYM; llvm-symbolizer finds the
# dSYM next to it.  __TEXT's vmaddr is 0x100000000, so a relative address
# r must be given to the symbolizer as 0x100000000 + r: the stream holds
# nm's values minus 0x100000000. 
# A different UUID in the profile: not used.
. "$T/fixtures.inc"
need clang llvm-symbolizer llvm-nm dsymutil llvm-dwarfdump
LD=
for c in ld64.lld ld64.lld-19 ld64.lld-18 ld64.lld-17 ld64.lld-16 \
    ld64.lld-15 ld64.lld-14; do
	command -v $c >/dev/null 2>&1 && { LD=$c; break; }
done
[ -n "$LD" ] || { echo "skipped: ld64.lld is not installed (lld)" >&2; exit 77; }
cp "$T/macho.c" . || exit 1
for a in arm64 x86_64; do
	clang -target $a-apple-macos11 -g -O2 -fdebug-prefix-map="$PWD"=/src \
	    -c macho.c -o m-$a.o 2>cc.err ||
	    { echo "skipped: clang cannot target $a-apple-macos11" >&2; exit 77; }
	$LD -arch $a -platform_version macos 11.0 11.0 -o m-$a m-$a.o ||
	    { echo "skipped: $LD cannot link for $a" >&2; exit 77; }
done
cp m-arm64 a.out && dsymutil a.out || exit 1
[ -f a.out.dSYM/Contents/Resources/DWARF/a.out ] || exit 1
# rel FILE SYM: nm value minus __TEXT's vmaddr.
mrel() {
	_v=$(llvm-nm "$1" | awk -v s="$2" '$3 == s { print $1; exit }')
	[ -n "$_v" ] || { echo "no $2 in $1" >&2; exit 1; }
	printf '0x%x\n' $((0x$_v - 0x100000000))
}
uuid=$(llvm-dwarfdump --uuid a.out | awk '{ gsub("-", "", $2); print $2; exit }')
{
	printf '#sp samples 1\n'
	libline 0 a.out /Users/someone/a.out "$uuid" arm64
	columns
	sample 2 "a.out!$(mrel a.out _main);a.out!$(mrel a.out _work)"
} >in.tsv
echo "== thin arm64 + dSYM"
sp-symbolize -q -l -b a.out in.tsv | grep -v '^#lib'
echo "== --base 0x100000000 (the seed tool's spelling) is the same"
sp-symbolize -q -l --base 0x100000000 -b a.out in.tsv | cmp - \
    "$(sp-symbolize -q -l -b a.out in.tsv >x.out; echo x.out)" && echo same
echo "== another UUID"
sed "s/$uuid/0123456789ABCDEF0123456789ABCDEF/" in.tsv >bad.tsv
sp-symbolize -q -b a.out bad.tsv 2>err | tail -n 1
grep -q 'a.out does not match the profile' err || exit 1
