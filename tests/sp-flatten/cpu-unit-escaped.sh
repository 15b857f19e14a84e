# sampleUnits.threadCPUDelta written with a JSON escape ("\u00b5s", as
# Python's json.dump writes it) is µs all the same: the same output as v55.
sed 's/"threadCPUDelta":"µs"/"threadCPUDelta":"\\u00b5s"/' "$T/v55.json" > v55.json &&
grep -q 'u00b5s' v55.json && sp-flatten v55.json
