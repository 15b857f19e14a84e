# The atos backend, which cannot run here: a stand-in atos checks the
# argument protocol (-o BIN -arch ARCH -l LOADADDR, addresses on standard
# input, each relative address plus LOADADDR) and answers in atos's output
# formats (with file and line, symbol + offset, unknown address).  With no
# llvm-symbolizer on PATH, a Mach-O library picks atos by itself.
. "$T/fixtures.inc"
fake_macho a.out
mkdir bin
cat >bin/atos <<'EOS'
#!/bin/sh
if [ $# -ne 6 ] || [ "$1" != -o ] || [ "${2##*/}" != a.out ] ||
    [ "$3" != -arch ] || [ "$4" != arm64 ] || [ "$5" != -l ] ||
    [ "$6" != 0x100000000 ]; then
	echo "atos stand-in: bad arguments: $*" >&2
	exit 2
fi
while read -r a; do
	case $a in
	0x100000388) echo "main (in a.out) (main.c:12)" ;;
	0x1000003d0) echo "ns::work(int) (in a.out) + 16" ;;
	0x1000003e0) echo "foo::bar::h0123456789abcdef (in a.out) (lib.rs:3)" ;;
	*) echo "$a (in a.out)" ;;
	esac
done
EOS
chmod +x bin/atos
{
	printf '#sp samples 1\n'
	libline 0 a.out /Users/someone/a.out 00112233445566778899AABBCCDDEEFF arm64
	columns
	sample 1 "a.out!0x388;a.out!0x3d0;a.out!0x3e0;a.out!0x400"
} >in.tsv
PATH="$PWD/bin:$PATH" sp-symbolize -q --no-cache -l --backend atos \
    --map a.out="$PWD/a.out" in.tsv >out || exit 1
tail -n 1 out
spdir=$(dirname "$(command -v sp-symbolize)")
PATH="$PWD/bin:$spdir" sp-symbolize -b a.out in.tsv 2>err | grep '^#symbol'
grep -q '^sp-symbolize: a.out: 3/4 addresses resolved in .* (atos, a.out)$' \
    err || exit 1
