# A gzip file with a wrong CRC; the message names the file once (no zlib "<fd:N>").
gzip -c "$T/v55.json" > p.json.gz || exit 2
n=$(wc -c < p.json.gz)
printf '\377\377\377\377' | dd of=p.json.gz bs=1 seek=$((n - 8)) conv=notrunc 2>/dev/null
sp-flatten p.json.gz
