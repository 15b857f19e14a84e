# A shared library of our own, single-image mode: --binary names the file,
# and frames of the executable (another library) are left alone.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build_lib libspt.so
{
	printf '#sp samples 1\n'
	libline 0 libspt.so "$PWD/libspt.so" "$(buildid libspt.so)"
	columns
	sample 5 "app!0x1234;libspt.so!$libmark"
	sample 1 "app!0x1234;libspt.so!$(rel libspt.so lib_other)"
} >in.tsv
sp-symbolize -q -l -b libspt.so in.tsv |
    sed -e "s|$PWD|DIR|g" -e "s|$(buildid libspt.so)|BUILDID|"
