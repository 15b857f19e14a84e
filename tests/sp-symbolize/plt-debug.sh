# A PLT stub of a binary whose DWARF lives in a separate file (its
# .gnu_debuglink): the stubs are read from the binary, for the debug
# file's .plt and .dynsym hold no bytes (objcopy --only-keep-debug makes
# them NOBITS), so the stub is still named NAME@plt.
. "$T/fixtures.inc"
need gcc objdump objcopy readelf llvm-symbolizer
printf 'int tiny(int x) { return x * 3 + 1; }\n' >plttiny.c
gcc -O2 -fPIC -shared -o libplttiny.so plttiny.c || exit 1
gcc -O2 -g -o prog "$T/plt.c" -L. -lplttiny || exit 1
mkdir .debug
objcopy --only-keep-debug prog .debug/prog.debug &&
    objcopy --strip-debug --add-gnu-debuglink=.debug/prog.debug prog || exit 1
a=$(objdump -d -j .plt -j .plt.sec prog |
    awk '/^[0-9a-f]+ <tiny@plt>:$/ { print $1 }')
[ -n "$a" ] || { echo "objdump names no tiny@plt" >&2; exit 1; }
b=$(firstload prog)
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 1 "prog!$(printf '0x%x' $((0x$a + 6 - b)))"
} >in.tsv
got=$(sp-symbolize -q in.tsv | awk -F '\t' '!/^#/ { print $8 }')
[ "$got" = "prog!tiny@plt" ] || { echo "got $got, want prog!tiny@plt" >&2; exit 1; }
