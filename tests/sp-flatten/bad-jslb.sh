# A JSON Slabs container (binary magic JSLB), plain and gzipped.
printf 'JSLB\001\000\000\000\000\000' > p.jslb && gzip -c p.jslb > p.jslb.gz || exit 2
sp-flatten p.jslb
sp-flatten p.jslb.gz
