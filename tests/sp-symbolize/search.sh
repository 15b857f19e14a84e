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
# A debug directory in the build-id layout (as /usr/lib/debug).
mkdir -p dbg/.build-id
id=$(buildid bins/prog)
mkdir -p "dbg/.build-id/$(echo "$id" | cut -c1-2)"
mv bins/prog "dbg/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug"
sp-symbolize -q --search "$PWD/dbg" in.tsv 2>err | grep -v '^#lib' |
    sed -e "s|$PWD|DIR|g" -e 's|id/[0-9a-f]*/[0-9a-f]*\.debug|id/XX/YYYY.debug|' \
    -e 's/libspt.so!0x[0-9a-f]*/libspt.so!ADDR/'
grep -q '^sp-symbolize: libspt.so: not found (1 samples)$' err || exit 1
