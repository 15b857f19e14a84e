# Bad combinations and bad arguments: one clear message each, status 1,
# nothing on standard output.
. "$T/fixtures.inc"
build
stream > p.sp
stream nocpu > nocpu.sp
mkdir other && cp app other/app-copy && cp app.c other/ &&
    (cd other && gcc -g -O1 -o app app.c -L.. -lhs) || exit 1
run() {
	echo "\$ sp-hotspots $*"
	sp-hotspots "$@" > out 2> err
	echo "status $? stdout $(wc -c < out)"
	sed 's/[0-9a-f]\{40\}/BUILDID/g' err
}
run --profile p.sp --targets hot
run --profile nocpu.sp --binary ./app --cpu-weighted
run --profile p.sp --binary other/app-copy
run --profile p.sp --binary other/app
run --profile missing.json
run --profile p.sp --binary ./missing
run --profile p.sp --base 0x1000
run --profile p.sp --backend addr2line
run --profile p.sp --top many
run --profile p.sp --targets
run --profile p.sp --targets --mixed
run --profile p.sp --mixed extra
run --mixed
run --profile p.sp --frobnicate
run --profile p.sp --mixed=yes
