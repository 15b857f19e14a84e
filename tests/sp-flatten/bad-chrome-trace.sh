# A Chrome trace object, gzipped under a profile's name.
echo '{"traceEvents":[],"meta":{},"threads":[]}' | gzip -c > profile.json.gz && sp-flatten profile.json.gz
