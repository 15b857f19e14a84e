# The man page's EXAMPLES, run as they are written, on the profile the
# repository carries as before.json.gz and after.json.gz.
gzip -c "$TOP/tests/data/demo-profile.json" > before.json.gz || exit 1
cp before.json.gz after.json.gz || exit 1
awk '/^\.Sh/ { s = ($2 == "EXAMPLES"); next } !s { next }
    /^\.Dl / { sub(/^\.Dl /, ""); print; next }
    /^\.Bd -literal/ { d = 1; next } /^\.Ed/ { d = 0; next }
    d && !/^\./' "$TOP/man/sp-diff.1" > cmds
[ "$(grep -c 'sp-diff' cmds)" -ge 4 ] || { cat cmds; exit 1; }
# Literal displays are scripts: run each as a whole.
awk '/^\.Sh/ { s = ($2 == "EXAMPLES"); next } !s { next }
    /^\.Dl / { sub(/^\.Dl /, ""); print > ("ex" ++n); next }
    /^\.Bd -literal/ { d = 1; n++; next } /^\.Ed/ { d = 0; next }
    d && !/^\./ { print > ("ex" n) }' "$TOP/man/sp-diff.1"
for f in ex*; do
	sh "$f" > out 2> err || { echo "failed:"; cat "$f" err; exit 1; }
	[ -s err ] && { echo "stderr:"; cat "$f" err; exit 1; }
done
[ -s before.agg ] && [ -s after.agg ] && [ -s diff.tsv ]
