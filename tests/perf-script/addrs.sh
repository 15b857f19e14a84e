# Unknown symbols: perf 4 and later print user-space addresses relative to
# the dso, kept as DSO!0xADDR for sp-symbolize; kernel, JIT and run-time
# (beyond 4 GiB) addresses are frames without library.  With a --header
# saying perf 3, whose addresses were all run-time ones, none has a library.
cp "$T/addrs.txt" . && sp-flatten addrs.txt | grep -v '^#' &&
{ echo '# perf version : 3.13.11-ckt12'; cat addrs.txt; } > old.txt &&
sp-flatten old.txt | grep -v '^#'
