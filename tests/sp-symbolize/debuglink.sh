# A stripped binary whose DWARF lives in a separate file named by its
# .gnu_debuglink (here in the .debug subdirectory): the debug file is
# found and used, with either backend; the #symbolized header names it.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer addr2line
build prog
w=$(rel prog work)
mkdir .debug
objcopy --only-keep-debug prog .debug/prog.debug &&
    objcopy --strip-debug --add-gnu-debuglink=.debug/prog.debug prog || exit 1
readelf -S prog | grep -q debug_info && exit 1
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 1 "prog!$w;prog!$mark"
} >in.tsv
for b in llvm-symbolizer addr2line; do
	sp-symbolize -q -l --backend $b -b prog in.tsv | grep -v '^#lib' |
	    sed "s|$PWD|DIR|g"
done
