# --backend dwarf against --backend llvm on gcc -O2 -g programs: PIE,
# not PIE, DWARF 4 and 5, compressed sections, a shared library; every
# function's start and every other byte inside it: the same output (dwarf.inc).
. "$T/dwarf.inc"
need gcc readelf objcopy llvm-symbolizer
cp "$T/prog.c" "$T/shlib.c" . || exit 1
gcc -g -O2 -fPIE -pie -o pie prog.c || exit 1
gcc -g -O2 -fno-pie -no-pie -o nopie prog.c || exit 1
gcc -gdwarf-4 -O2 -o dwarf4 prog.c || exit 1
gcc -g -O2 -Wl,--compress-debug-sections=zlib -o zlib prog.c || exit 1
gcc -g -O2 -fPIC -shared -o libspt.so shlib.c || exit 1
for f in pie nopie dwarf4 zlib libspt.so; do
	dense "$f" "$f" 2 >"$f.addrs"
	stream "$f" "$PWD/$f" "$f.addrs" >"$f.tsv"
	compare "$f" "$PWD/$f" "$f.tsv" "$f.addrs"
done
