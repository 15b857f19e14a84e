# --backend dwarf against --backend llvm on clang -O2 -g programs (DWARF
# 5 with address and range list indexes, DWARF 4): the same output.
. "$T/dwarf.inc"
need clang readelf objcopy llvm-symbolizer
cp "$T/prog.c" "$T/shlib.c" . || exit 1
clang -g -O2 -o pie prog.c || exit 1
clang -gdwarf-4 -O2 -fno-pie -no-pie -o nopie4 prog.c || exit 1
clang -g -O2 -fPIC -shared -o libspt.so shlib.c || exit 1
for f in pie nopie4 libspt.so; do
	dense "$f" "$f" 2 >"$f.addrs"
	stream "$f" "$PWD/$f" "$f.addrs" >"$f.tsv"
	compare "$f" "$PWD/$f" "$f.tsv" "$f.addrs"
done
