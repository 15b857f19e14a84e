# speedscope's own viewer shows what sp computes: the release build of the
# npm package speedscope (pinned in package.json with playwright-core, both
# installed at test time into a cache directory outside the repository),
# opened in headless Chromium from file:// as its command line opens a
# file, on sp-speedscope's files of the repository's demo profile, a
# recording's stream as perf.data gives it when perf can record, and, when
# ../shared/corpus is there, a multi-thread samply profile and folded
# stacks: the page is titled with the file's name, the toolbar shows the
# profile of the heaviest thread, and the Sandwich table gives its hottest
# function (sp-aggregate's, by self) sp-aggregate's self and total
# (expect.py, browser.js).  Skipped, saying why, without Chromium, node or
# npm, or when npm cannot install the packages (offline).
# SP_SCREENSHOT=PREFIX keeps screenshots.
. "$TOP/tests/lib/browser"
browser_setup "$T/package.json" speedscope
sp-flatten "$TOP/tests/data/demo-profile.json" > demo.sp &&
    sp-speedscope -o "$PWD/demo.speedscope.json" demo.sp || exit 1
python3 "$T/expect.py" demo.sp "$PWD/demo.speedscope.json" > cases || exit 1
if command -v perf >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 &&
    cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" &&
    perf record -e cpu-clock -g -q -o perf.data ./hot >/dev/null 2>&1; then
	sp-flatten perf.data > rec.sp &&
	    sp-speedscope -o "$PWD/rec.speedscope.json" rec.sp &&
	    python3 "$T/expect.py" rec.sp "$PWD/rec.speedscope.json" >> cases ||
	    exit 1
else
	echo "perf cannot record here: the recording is left out"
fi
C=${SHARED:+$SHARED/corpus}
if [ -n "$C" ] && [ -d "$C" ]; then
	for f in "$C/samply/samply-v49-macos-arm64-duckdb-8threads.json.gz" \
	    "$C/collapsed/inferno-go-stacks-collapsed.txt"; do
		b=${f##*/}
		sp-flatten "$f" > "$b.sp" &&
		    sp-speedscope -o "$PWD/$b.speedscope.json" "$b.sp" &&
		    python3 "$T/expect.py" "$b.sp" "$PWD/$b.speedscope.json" \
		    >> cases || exit 1
	done
fi
mkdir profile
PW=$dir/node_modules/playwright-core CHROMIUM=$CHROMIUM PROFILE=$PWD/profile \
SS=$dir/node_modules/speedscope/dist/release CASES=$PWD/cases \
SCREENSHOT=${SP_SCREENSHOT:-} timeout 300 node "$T/browser.js"
