# A samply .syms.json sidecar (FORMAT.md section 5), written here from a
# real binary's symbol table; the binary itself is then removed.  Lookups
# are exact: an address the sidecar does not list stays as it is; frames
# give the inline chain (innermost first in the file) and lines.
. "$T/fixtures.inc"
need gcc nm readelf objcopy
build prog
m=$(rel prog main) w=$(rel prog work) o=$(rel prog outer)
bid=$(buildid prog)
m1=$(printf '0x%x' $((m + 1)))
cat >p.syms.json <<EOJ
{"string_table":["UNKNOWN","main","work","outer","mid","leaf","/src/prog.c"],
 "data":[{"debug_name":"prog","debug_id":"","code_id":"$bid",
  "symbol_table":[
   {"rva":$((m)),"size":16,"symbol":1},
   {"rva":$((w)),"symbol":2,"frames":[{"function":2,"file":6,"line":30}]},
   {"rva":$((o)),"symbol":3,"frames":[
     {"function":5,"file":6,"line":7},{"function":4,"file":6,"line":14},
     {"function":3,"file":6,"line":21}]}],
  "known_addresses":[[$((mark)),2],[$((m)),0],[$((w)),1]]}]}
EOJ
rm prog
{
	printf '#sp samples 1\n'
	libline 0 prog /gone/prog "$bid"
	columns
	sample 1 "prog!$m;prog!$mark;libc.so.6!0x10"
	sample 1 "prog!$m;prog!$w;prog!$m1"
} >in.tsv
sp-symbolize -q --syms p.syms.json in.tsv | grep -v '^#lib' |
    sed "s/prog!$m1/prog!ADDR/"
sp-symbolize -q -l --syms p.syms.json in.tsv | tail -n 2 |
    sed "s/prog!$m1/prog!ADDR/"
