# --mixed: the executable and its shared library resolved together, each
# found from the path in its #lib header; a library that cannot be found is
# listed once on stderr with the weight of the samples it appears in, and
# its frames are kept.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
build_lib libspt.so
{
	printf '#sp samples 1\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	libline 1 libspt.so "$PWD/libspt.so" "$(buildid libspt.so)"
	libline 2 libgone.so /nonexistent/libgone.so ""
	columns
	sample 5 "prog!$(rel prog main);libspt.so!$libmark;libgone.so!0x10;libgone.so!0x20"
	sample 2 "prog!$(rel prog main);prog!$mark"
	sample 4 "prog!$(rel prog work);libgone.so!0x10"
} >in.tsv
sp-symbolize -m in.tsv 2>err >out || exit 1
sed -e "s|$PWD|DIR|g" -e "s|$(buildid prog)|BUILDID1|" \
    -e "s|$(buildid libspt.so)|BUILDID2|" out
# Not found: listed once, with 9 samples (5 + 4).
[ "$(grep -c 'libgone.so' err)" -eq 1 ] || exit 1
grep -q '^sp-symbolize: libgone.so: not found (9 samples)$' err || exit 1
grep -q '^sp-symbolize: prog: 3/3 addresses resolved in ' err || exit 1
grep -q '^sp-symbolize: libspt.so: 1/1 addresses resolved in ' err || exit 1
