# Several inputs, a later one broken: every line of the inputs before it
# is written (the stream writer holds up to 1 MiB of lines back, which
# were once dropped), none of the broken one's, and the status is 1.
p=$TOP/tests/data/demo-profile.json
sp-flatten "$p" >want || exit 1
printf '{"meta": {"version": 24}, "threads": [' >broken.json
sp-flatten "$p" broken.json >got
echo "status $?"
cmp -s want got && echo "the first input's $(grep -vc '^#' got) samples, all written"
gzip -c "$p" | head -c 3000 >truncated.json.gz
sp-flatten "$p" "$p" truncated.json.gz >got2
echo "status $?"
cat want want | grep -v '^#' >want2
grep -v '^#' got2 | cmp -s want2 - && echo "both earlier inputs' samples, all written"
