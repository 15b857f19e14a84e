# sp-flatten's output read by sp-aggregate: the tables below were computed
# by hand from the fixtures.  rec.json has recursion (f;f counted once in
# total), an empty stack (in the header only) and cpu in ns (the first
# sample 0); v49.json has weights > 1 and cpu in µs.  -c gives the same
# frame lines and weight and cpu totals (#total samples and empty count
# lines, which -c merges).
cp "$T/rec.json" . && cp "$T/v49.json" . || exit 2
sp-flatten rec.json | sp-aggregate | grep -v -e '^#source' -e '^#format' -e '^#lib' -e '^#units'
sp-flatten v49.json | sp-aggregate | grep -v -e '^#source' -e '^#format' -e '^#lib' -e '^#units'
sp-flatten rec.json v49.json | sp-aggregate | grep -v '^#total.[se]' > a1 &&
sp-flatten -c rec.json v49.json | sp-aggregate | grep -v '^#total.[se]' > a2 &&
grep -q '^#total.weight.26$' a2 && cmp a1 a2 || exit 1
