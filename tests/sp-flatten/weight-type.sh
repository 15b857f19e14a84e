# samples.weightType is carried into #units (tracing-ms, bytes); the
# default is samples.
sed 's/"weightType":"samples"/"weightType":"tracing-ms"/' "$T/v55.json" > t.json &&
sed 's/"weightType":"samples"/"weightType":"bytes"/' "$T/v55.json" > b.json &&
grep -q tracing-ms t.json && grep -q bytes b.json || exit 2
sp-flatten t.json | grep '^#units'
sp-flatten b.json | grep '^#units'
sp-flatten "$T/v0.json" | grep '^#units'
