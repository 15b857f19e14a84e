# The symbol cache: a second run answers from it (names, inline chains and
# lines as the first; only the #symcache line tells), --no-cache neither
# reads nor writes it, a rebuilt binary (a new build id; or none, and a
# new mtime) is never answered from it, and a damaged cache file
# (truncated, garbage, a flipped byte) is ignored with one line: with
# --backend llvm.  The default (dwarf) backend's answers are cached too,
# under their own key (they have no source lines: -l asks llvm).
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
export SP_CACHE="$PWD/cache"
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	columns
	sample 3 "prog!$(rel prog main);prog!$mark"
	sample 2 "prog!$(rel prog main);prog!$(rel prog work)"
} >in.tsv
show() { sed -e "s|$PWD|DIR|g" -e "s|$(buildid prog)|BUILDID|" "$@"; }
sp-symbolize --backend llvm -q --no-cache -l -b prog in.tsv >ref.l || exit 1
sp-symbolize --backend llvm -q --no-cache -b prog in.tsv >ref || exit 1
[ ! -e cache ] || { echo "--no-cache wrote the cache" >&2; exit 1; }
echo "== first run (-l), second run"
sp-symbolize --backend llvm -q -l -b prog in.tsv >one || exit 1
cmp one ref.l || exit 1
sp-symbolize --backend llvm -b prog in.tsv >two 2>err || exit 1
show two
sed 's/in [0-9.]* s/in T s/' err | show
grep -v '^#symcache' two | cmp - ref || exit 1
sp-symbolize --backend llvm -q -l -b prog in.tsv | grep -v '^#symcache' | cmp - ref.l || exit 1
sp-symbolize --backend llvm -q --no-cache -b prog in.tsv | cmp - ref || exit 1

# A damaged file: ignored with one line, asked again, and written anew.
f=$(ls cache/*.spc)
[ "$(ls cache | wc -l)" -eq 1 ] || { ls -la cache >&2; exit 1; }
damage() {
	echo "== $1"
	sp-symbolize --backend llvm -q -b prog in.tsv >out 2>err || exit 1
	cmp out ref || exit 1
	sed "s|$PWD/$f|FILE|" err
	sp-symbolize --backend llvm -q -b prog in.tsv 2>err | grep -v '^#symcache' | cmp - ref ||
	    exit 1
	[ ! -s err ] || { cat err >&2; exit 1; }
}
head -c 100 "$f" >t && mv t "$f"
damage truncated
printf 'SPSYMC1\nnot really' >"$f"
damage garbage
size=$(wc -c <"$f")
{ head -c $((size - 5)) "$f"; printf 'X'; tail -c 4 "$f"; } >t && mv t "$f"
damage "a byte changed"
: >"$f"
damage empty

# A rebuilt binary at the same path: same addresses, other names.
cat >v1.c <<'E'
__attribute__((noinline)) int alpha(int x) { return x * 3 + 1; }
int main(int c, char **v) { (void)v; return alpha(c); }
E
sed 's/alpha/delta/g' v1.c >v2.c
for id in sha1 none; do
	echo "== rebuilt, build id $id"
	rm -rf cache
	gcc -O2 -Wl,--build-id=$id -o v1 v1.c && gcc -O2 -Wl,--build-id=$id \
	    -o v2 v2.c || exit 1
	a=$(rel v1 alpha)
	[ "$a" = "$(rel v2 delta)" ] || { echo "layouts differ" >&2; exit 1; }
	{
		printf '#sp samples 1\n'
		libline 0 app "$PWD/app" ""
		columns
		sample 1 "app!$a"
	} >v.tsv
	cp v1 app && touch -d '2020-01-01 00:00:00' app
	sp-symbolize --backend llvm -q -b app v.tsv | tail -n 1
	sp-symbolize --backend llvm -q -b app v.tsv | grep '^#symcache'
	cp v2 app && touch -d '2021-01-01 00:00:00' app
	sp-symbolize --backend llvm -q -b app v.tsv | grep -v "^#"
done

echo "== dwarf: first run, second run, then -l"
rm -rf cache
sp-symbolize -q --no-cache -b prog in.tsv >dref || exit 1
sed '/^#symbolized/s/	dwarf	/	llvm-symbolizer	/' dref | cmp - ref || exit 1
sp-symbolize -q -b prog in.tsv | cmp - dref || exit 1
sp-symbolize -b prog in.tsv >two 2>err || exit 1
grep '^#sym' two | show
sed 's/in [0-9.]* s/in T s/' err | show
grep -v '^#symcache' two | cmp - dref || exit 1
sp-symbolize -q -l -b prog in.tsv | cmp - ref.l || exit 1
