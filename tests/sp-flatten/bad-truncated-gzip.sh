# A gzip file cut short (head -c): one message, status 1, nothing on stdout.
gzip -c "$T/v55.json" | head -c 500 > p.json.gz && sp-flatten p.json.gz
