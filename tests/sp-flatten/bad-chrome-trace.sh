# A Chrome trace object without CPU profile events, gzipped under a
# profile's name.
echo '{"traceEvents":[],"meta":{},"threads":[]}' | gzip -c > profile.json.gz && sp-flatten profile.json.gz
