# Invalid JSON that the jsmn tokenizer lets through (FORMAT.md: "jsmn is a
# tokenizer, not a validator") must still be refused: each edit of v55.json
# below gives status 1, nothing on stdout and a message beginning
# "sp-flatten: p.json: invalid JSON".  Lists the edits that were accepted.
bad=0
while IFS= read -r e; do
	sed "$e" "$T/v55.json" > p.json
	if cmp -s p.json "$T/v55.json"; then
		echo "edit changed nothing: $e"; bad=1; continue
	fi
	sp-flatten p.json > out 2> err
	st=$?
	if [ "$st" -ne 1 ] || [ -s out ] ||
	    ! grep -q '^sp-flatten: p\.json: invalid JSON' err; then
		echo "accepted (status $st): $e: $(cat err)"
		bad=1
	fi
done <<'EDITS'
s/"weight":\[1,1,1,3,1\]/"weight":[1,1,1,3 1]/
s/"weight":\[1,1,1,3,1\]/"weight":[1,1,1,,3,1]/
s/"weight":\[1,1,1,3,1\]/"weight":[1,1,1,3,1,]/
s/"pages":\[\]/"pages":[tru]/
s/"pages":\[\]/"pages":[nulll]/
s/,"threads":/,,"threads":/
s/"pages":\[\]/"pages":{"a","b"}/
s/"pages":\[\]/"pages":{"a":1 "b":2}/
s/"pages":\[\]/"pages":[1.]/
s/"pages":\[\]/"pages":[-]/
s/"pages":\[\]/"pages":[1e]/
s/"pages":\[\]/"pages":[01]/
s/"pages":\[\]/"pages":{"a":1,}/
s/"pid":"700",/"pid":"700",}/
s/"pages":\[\]/"pages":[1]]/
EDITS
exit $bad
