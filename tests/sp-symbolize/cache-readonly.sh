# A cache directory that cannot be written: what it holds is used, nothing
# is kept, and that is said once (two libraries would say it twice).
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
build_lib libt.so
run=
if [ "$(id -u)" -eq 0 ]; then
	# root writes anywhere: without the capability that lets it.
	command -v setpriv >/dev/null 2>&1 ||
	    { echo "skipped: root, and no setpriv to drop CAP_DAC_OVERRIDE" >&2; exit 77; }
	run="setpriv --bounding-set -dac_override"
fi
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	libline 1 libt.so "$PWD/libt.so" "$(buildid libt.so)"
	columns
	sample 1 "prog!$(rel prog main);libt.so!$libmark"
} >one.tsv
{
	cat one.tsv
	sample 1 "prog!$(rel prog work);libt.so!$(rel libt.so lib_entry)"
} >two.tsv
export SP_CACHE="$PWD/cache"
sp-symbolize -q --no-cache one.tsv >ref1 || exit 1
sp-symbolize -q --no-cache two.tsv >ref2 || exit 1
sp-symbolize -q one.tsv >/dev/null || exit 1
chmod 555 cache
echo "== what it holds"
$run sp-symbolize -q one.tsv >out 2>err || exit 1
grep '^#symcache' out
grep -v '^#symcache' out | cmp - ref1 || exit 1
cat err
echo "== more than it holds"
$run sp-symbolize -q two.tsv >out 2>err || exit 1
grep '^#symcache' out
grep -v '^#symcache' out | cmp - ref2 || exit 1
sed "s|$PWD|DIR|" err
echo "== cannot be made"
: >file
$run sp-symbolize -q --cache-dir file/sp two.tsv >out 2>err || exit 1
cmp out ref2 || exit 1
sed "s|$PWD|DIR|" err
chmod 755 cache
