# --backend dwarf against --backend llvm on every byte of the code of
# small gcc and clang programs, PIE and not, with and without -g: PLT
# headers and stubs, padding between functions, assembly labels
# (STT_NOTYPE, global and local: llvm names them, a local one with its
# STT_FILE name), addresses below every symbol.  The same output, the
# same warnings, and nothing left to llvm-symbolizer where the program
# has no DWARF.
. "$T/dwarf.inc"
need gcc clang readelf llvm-symbolizer
cat >nosym.c <<'EOT'
#include <stdio.h>
#include <stdlib.h>
static int __attribute__((noinline)) sfn(int x) { return x * 3 + 1; }
int gfn(int x) { return sfn(x) + atoi("2"); }
__asm__(".text\n.globl nolabel\nnolabel:\n nop\n nop\n ret\n"
    ".local locnt\nlocnt:\n nop\n ret\n");
int main(int c, char **v) { (void)v; printf("%d\n", gfn(c)); return 0; }
EOT
for cc in gcc clang; do
	$cc -O2 -fPIE -pie -o $cc-pie nosym.c || exit 1
	$cc -O2 -fno-pie -no-pie -o $cc-nopie nosym.c || exit 1
	$cc -g -O2 -o $cc-g nosym.c || exit 1
done
for f in gcc-pie gcc-nopie clang-pie clang-nopie gcc-g clang-g; do
	everybyte "$f" >"$f.addrs"
	stream "$f" "$PWD/$f" "$f.addrs" >"$f.tsv"
	case $f in
	*-g)	FALLBACK=1 compare "$f" "$PWD/$f" "$f.tsv" "$f.addrs" ;;
	*)	compare "$f" "$PWD/$f" "$f.tsv" "$f.addrs" ;;
	esac
done
