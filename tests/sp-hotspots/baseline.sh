# --baseline: the SELF and TOTAL deltas from the baseline (sp-diff), after
# the tables of the profile; JSON profiles go through sp-flatten -c, whose
# sample counts (not its lines) the noise test gets.
cp "$TOP/tests/sp-diff/a.sp" "$TOP/tests/sp-diff/b.sp" . || exit 1
sp-hotspots --baseline a.sp --profile b.sp --top 3
echo "status $?"
sp-hotspots --baseline - --profile b.sp --top 1 < a.sp | sed -n '/^BASELINE/,$p'
gzip -c "$TOP/tests/data/demo-profile.json" > p.json.gz || exit 1
sp-hotspots --baseline p.json.gz --profile p.json.gz --top 2 | sed -n '/^BASELINE/,$p'
sp-hotspots --baseline nonexistent --profile b.sp 2>&1
echo "status $?"
sp-hotspots --baseline - --profile - < a.sp 2>&1
echo "status $?"
