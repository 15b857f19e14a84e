# The man page's EXAMPLES, run as they are written on the profile the
# repository carries (as p.json.gz): each must succeed and print a table.
gzip -c "$TOP/tests/data/demo-profile.json" > p.json.gz
awk '/^\.Sh/ { s = ($2 == "EXAMPLES"); next } !s { next }
    /^\.Bd -literal/ { d = 1; next } /^\.Ed/ { d = 0; next }
    d && !/^\./' "$TOP/man/sp-filter.1" | sed 's/\\e/\\/g' |
    awk '{ sub(/^\$ /, "") } /\\$/ { sub(/\\$/, ""); printf "%s", $0; next }
    { print }' > cmds
[ "$(grep -c '^sp-' cmds)" -ge 3 ] || { cat cmds; exit 1; }
n=0
while IFS= read -r c; do
	n=$((n + 1))
	if ! sh -c "$c" > out 2> err < /dev/null || ! grep -q . out; then
		echo "failed: $c"
		cat err out
		exit 1
	fi
	echo "== $c"
	cat out
done < cmds
