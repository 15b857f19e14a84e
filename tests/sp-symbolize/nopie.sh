# A non-PIE executable: the first PT_LOAD is at 0x400000 (x86-64), so the
# library-relative addresses of the stream must be moved by it.  Same
# names, chain and lines as the PIE case; addr2line gives the same.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer addr2line
build prog -no-pie
base=$(firstload prog)
[ $((base)) -ne 0 ] || { echo "skipped: -no-pie gives a first PT_LOAD at 0" >&2; exit 77; }
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 3 "prog!$(rel prog main);prog!$mark"
	sample 2 "prog!$(rel prog main);prog!$(rel prog work)"
} >in.tsv
sp-symbolize -q -l -b prog in.tsv >llvm.out || exit 1
sp-symbolize -q -l --backend addr2line -b prog in.tsv >a2l.out || exit 1
sed -e 's/llvm-symbolizer/addr2line/' llvm.out | diff - a2l.out >&2 || exit 1
sed -e "s|$PWD|DIR|g" -e "s|$(buildid prog)|BUILDID|" llvm.out
