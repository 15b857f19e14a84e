# --backend dwarf against --backend llvm on the C library's separate
# debug file (libc6-dbg, found by build id): every function of its
# symbol table at its start and inside it, tens of thousands of
# addresses, the same output; and every byte of its PLTs (the lazy
# binding header llvm-symbolizer does not name, the stubs).
. "$T/dwarf.inc"
need readelf llvm-symbolizer
libc=/lib/x86_64-linux-gnu/libc.so.6
[ -f "$libc" ] || { echo "skipped: no $libc" >&2; exit 77; }
id=$(buildid "$libc")
dbg=/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug
[ -f "$dbg" ] || { echo "skipped: no debug file for $libc (apt-get install libc6-dbg)" >&2; exit 77; }
{ dense "$libc" "$dbg"; everybyte "$libc" '^\\.plt'; } >libc.addrs
stream libc.so.6 "$libc" libc.addrs >libc.tsv
compare libc.so.6 "$libc" libc.tsv libc.addrs
