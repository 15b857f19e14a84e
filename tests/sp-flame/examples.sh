# The man page's EXAMPLES, run as they are written, on the profile the
# repository carries (as p.json.gz and old.json.gz): each command succeeds
# and every SVG it writes is well-formed.
gzip -c "$TOP/tests/data/demo-profile.json" >p.json.gz
cp p.json.gz old.json.gz
awk '/^\.Sh/ { s = ($2 == "EXAMPLES"); next } !s { next }
    /^\.Dl / { sub(/^\.Dl /, ""); print }' "$TOP/man/sp-flame.1" | sed 's/\\&//g' >cmds
[ "$(grep -c 'sp-flame' cmds)" -ge 4 ] || { cat cmds; exit 1; }
bad=0
while IFS= read -r c; do
	sh -c "$c" || { echo "failed: $c"; bad=1; }
done <cmds
for f in *.svg; do
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout --nonet "$f" || bad=1
	fi
	grep -q '<g id="frames">' "$f" || { echo "$f: no frames"; bad=1; }
done
[ "$(ls *.svg | wc -l)" -ge 3 ] || { echo "too few SVGs"; bad=1; }
exit $bad
