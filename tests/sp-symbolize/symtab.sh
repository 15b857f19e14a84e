# --no-inline asks for function names only: they are read from the symbol
# table in-process, without llvm-symbolizer (here: not on PATH), and are
# those llvm-symbolizer gives as outermost functions, for every function
# of a program and of a shared library, at their first byte and inside.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer awk
build prog
build_lib libt.so
addrs() {
	_b=$(firstload "$1")
	nm "$1" | awk -v lib="$2" -v b=$((_b)) '$2 ~ /^[tTwW]$/ {
		a = 0
		for (i = 1; i <= length($1); i++)
			a = a * 16 + index("0123456789abcdef", substr($1, i, 1)) - 1
		printf "%s!0x%x;%s!0x%x;", lib, a - b, lib, a - b + 2
	}'
}
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	libline 1 libt.so "$PWD/libt.so" "$(buildid libt.so)"
	columns
	sample 1 "$(addrs prog prog)prog!$mark"
	sample 1 "$(addrs libt.so libt.so)libt.so!$libmark"
} >in.tsv
sp-symbolize -q --no-cache --backend llvm --no-inline in.tsv >llvm.out || exit 1
spdir=$(dirname "$(command -v sp-symbolize)")
PATH="$spdir" sp-symbolize --no-cache --no-inline in.tsv >symtab.out 2>err ||
    { cat err >&2; exit 1; }
grep '^#symbolized' symtab.out | sed "s|$PWD|DIR|"
sed 's/in [0-9.]* s/in T s/' err | sed "s|$PWD|DIR|"
grep -v '^#' llvm.out >a
grep -v '^#' symtab.out >b
cmp a b || { diff a b >&2; exit 1; }
tr ';' '\n' <b | grep -c '!0x'
tr ';' '\n' <b | grep -c '!' 
