# --mixed finding files by --search DIR and --map NAME=PATH when the paths
# of the #lib headers are not there (a profile from another machine).
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
mkdir -p bins other
cd bins && build prog && build_lib libspt.so && cd .. || exit 1
mv bins/libspt.so other/renamed.so
{
	printf '#sp samples 1\n'
	libline 0 prog /build/machine/prog "$(buildid bins/prog)"
	libline 1 libspt.so /build/machine/libspt.so ""
	columns
	sample 1 "prog!$(rel bins/prog work);libspt.so!$(rel other/renamed.so lib_other)"
} >in.tsv
sp-symbolize -q --search "$PWD/bins" --map "libspt.so=$PWD/other/renamed.so" \
    in.tsv | sed -e "s|$PWD|DIR|g" -e "s|$(buildid bins/prog)|BUILDID|"
