# An aggregate table: one frame per line, so an address inside inlined
# code becomes the outermost function only (with its line: the call site);
# folded stacks: chains as in the sample stream, ';' in names written ':'.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
{
	printf '#sp aggregate 1\n'
	libline 0 prog "$PWD/prog" ""
	printf '#total\tsamples\t10\n'
	printf '#columns\tself\ttotal\tcpu_self\tcpu_total\tframe\n'
	printf '7\t7\t0\t0\tprog!%s\n' "$mark"
	printf '3\t10\t0\t0\tprog!%s\n' "$(rel prog main)"
	printf '0\t1\t0\t0\tlibc.so.6!0x10\n'
} >agg.tsv
sp-symbolize -q -b prog agg.tsv | sed "s|$PWD|DIR|g"
sp-symbolize -q -l -b prog agg.tsv | grep -v '^#'
echo "== folded"
printf 'prog!%s;prog!%s 7\nprog!%s 3\n' "$(rel prog main)" "$mark" \
    "$(rel prog main)" >folded.txt
sp-symbolize -q -b prog folded.txt
