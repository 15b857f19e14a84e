# Several images at once: a program and two shared libraries built here,
# a library that is not found and one whose addresses lie outside its
# code, symbolized by one process per image, as many at a time as
# SP_SYMBOLIZE_JOBS (else the processors) allow.  The output and the
# messages are the same, in the same order, for 1 to 8 at a time, with the
# cache cold or warm (but for the #symcache line and summary's note).
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
build_lib liba.so
build_lib libb.so
cp libb.so libc2.so
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	libline 1 liba.so "$PWD/liba.so" "$(buildid liba.so)"
	libline 2 libb.so "$PWD/libb.so" "$(buildid libb.so)"
	libline 3 libgone.so /nonexistent/libgone.so ""
	libline 4 libc2.so "$PWD/libc2.so" ""
	columns
	sample 3 "prog!$(rel prog main);liba.so!$libmark;libb.so!$(rel libb.so lib_other)"
	sample 2 "prog!$(rel prog main);prog!$mark;libgone.so!0x1000"
	sample 1 "prog!$(rel prog work);libb.so!$libmark;libc2.so!0x7fff0000;libc2.so!$(rel libc2.so lib_other)"
} >in.tsv
show() { sed -e "s|$PWD|DIR|g" -e 's/in [0-9.]* s/in T s/' \
    -e 's/, [0-9]* from the cache//' "$@"; }
for j in 1 2 3 8; do
	SP_SYMBOLIZE_JOBS=$j sp-symbolize --no-cache -l in.tsv >out.$j 2>err.$j
	echo $? >>st.$j
done
export SP_CACHE="$PWD/cache"
SP_SYMBOLIZE_JOBS=4 sp-symbolize -l in.tsv >out.cold 2>err.cold
SP_SYMBOLIZE_JOBS=4 sp-symbolize -l in.tsv >out.warm 2>err.warm
grep '^#symcache' out.warm
grep -v '^#symcache' out.warm >out.w
show out.1 | sed -e "s|$(buildid prog)|BUILDID|" -e "s|$(buildid liba.so)|BUILDID|" \
    -e "s|$(buildid libb.so)|BUILDID|"
show err.1
cat st.1
for k in 1 2 3 8 cold warm; do
	show err.$k >err.$k.s
done
for j in 2 3 8; do
	cmp out.1 out.$j && cmp err.1.s err.$j.s && cmp st.1 st.$j ||
	    { echo "$j at a time differs" >&2; exit 1; }
done
cmp out.1 out.cold && cmp out.1 out.w && cmp err.1.s err.cold.s &&
    cmp err.1.s err.warm.s || exit 1
