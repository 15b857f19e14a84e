# sp-annotate --format html in headless Chromium (playwright-core, as
# tests/browser/flame.sh drives it): the page opens without fetching
# anything, the hottest line is the one marked and drawn reddest, and a
# function folds when its title is clicked.  Skipped, saying why, without
# Chromium, node, npm or the package (offline).
. "$T/craft"
. "$TOP/tests/lib/browser"
browser_setup "$TOP/tests/browser/package.json" browser
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
craft hot hot hot_leaf >s.sp
craft hot hot hot_caller | grep -v '^#' >>s.sp
# The hottest: the multiplication's line, ten more samples.
imul=$(objdump -d --no-show-raw-insn hot | awk '/<hot_leaf>:/ { on = 1 } on && $2 == "imul" { sub(/:/, "", $1); print $1; exit }')
base=$(readelf -lW hot | awk '$1 == "LOAD" { print $3; exit }')
for i in 1 2 3 4 5 6 7 8 9 10; do
	printf 'p\t1\tp\t1\t0\t1\t\tmain;hot!0x%x\n' $((0x$imul - base))
done >>s.sp
sp-annotate --format html -e hot_leaf -e hot_caller s.sp >a.html || exit 1
sp-annotate --format html -d hot_leaf s.sp >d.html || exit 1
mkdir profile
PW=$dir/node_modules/playwright-core CHROMIUM=$CHROMIUM PROFILE=$PWD/profile \
PAGE=$PWD/a.html DPAGE=$PWD/d.html IMUL=$imul \
    timeout 120 node "$T/html.js"
