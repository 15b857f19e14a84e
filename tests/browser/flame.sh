# sp-flame's SVG in a real browser: headless Chromium driven by
# playwright-core (pinned in tests/browser/package.json, installed at test
# time into a cache directory outside the repository): hover, zoom and its
# reset, search with its matched percentage computed here from the input,
# ?s= and ?x=&y= on load, ignore case, and the differential graph's hover
# text.  Skipped, saying why, where there is no Chromium, node or npm, or
# the package cannot be installed (offline).  SP_SCREENSHOT=FILE.png keeps
# screenshots.
. "$TOP/tests/lib/browser"
browser_setup "$T/package.json" browser
printf 'main;parse;lex 31\nmain;parse 12\nmain;eval;add 20\nmain;eval;mul 8\nmain;libc.so.6!malloc 5\nidle 3\n' >small.folded
sp-flame small.folded >small.svg || exit 1
printf 'main;a;b 10\nmain;a;c 5\nmain;d 20\n' >before.folded
printf 'main;a;b 30\nmain;d 20\nmain;e 3\n' >after.folded
sp-flame --diff before.folded after.folded >diff.svg || exit 1
# The share of the samples whose stack holds lex or add.
match=$(awk '{ n = split($1, f, ";"); t += $2
	for (i = 1; i <= n; i++) if (f[i] ~ /^(lex|add)$/) { m += $2; break } }
	END { printf "%.1f", 100 * m / t }' small.folded)
mkdir profile
PW=$dir/node_modules/playwright-core CHROMIUM=$CHROMIUM PROFILE=$PWD/profile \
SVG=$PWD/small.svg DIFF=$PWD/diff.svg MATCH=$match SCREENSHOT=${SP_SCREENSHOT:-} \
    timeout 120 node "$T/flame.js"
