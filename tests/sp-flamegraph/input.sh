# --input FILE --binary PATH: an unsymbolicated samply profile (processed
# format 49, written here for a real -g -O2 binary, with library-relative
# addresses as samply stores them) drawn with its functions named and its
# inline frames, sized by the samples' weights.  Without --binary the
# frames stay addresses; --no-inline keeps only the outer functions.
. "$T/setup"
need_flame
T=$TOP/tests/sp-symbolize . "$TOP/tests/sp-symbolize/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
T=$TOP/tests/sp-symbolize build prog
samply_prog p.json
gzip -k p.json
sp-flamegraph --input p.json.gz --binary prog -o s.svg 2>err || { cat err; exit 1; }
cat err
wellformed s.svg
titles s.svg | grep '^prog!'
sp-flamegraph --input p.json --binary prog --no-inline -o n.svg 2>err || { cat err; exit 1; }
titles n.svg | grep '^prog!'
sp-flamegraph --input p.json -o a.svg 2>err || { cat err; exit 1; }
titles a.svg | grep -c '^prog!0x'
