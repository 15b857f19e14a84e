# A #lib header whose ninth field is "fileoff": the library's addresses
# are file offsets (sp-flatten writes them so when it could not open the
# image).  Given the binary, each offset becomes the address its segment
# loads it at; LLD's layout is one where the two differ.  Without the
# binary the frames stay unnamed; read as relative addresses instead, the
# same numbers fall outside the code and are warned about.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer ld.lld
build prog -fPIE -pie -fuse-ld=lld
# off VADDR: the file offset of a virtual address, by the PT_LOAD segments.
off() {
	readelf -lW prog | while read -r t o v p f m rest; do
		[ "$t" = LOAD ] || continue
		if [ $(($1)) -ge $((v)) ] && [ $(($1)) -lt $((v + m)) ]; then
			printf '0x%x\n' $(($1 - v + o))
			break
		fi
	done
}
m=$(off "$(rel prog main)") w=$(off "$(rel prog work)") k=$(off "$mark")
[ "$m" != "$(rel prog main)" ] ||
    { echo "skipped: the linker put code at its file offset" >&2; exit 77; }
hdr() {
	printf '#lib\t0\tprog\t%s\tprog\t\t\t\t\t%s\n' "$1" "$2"
}
for how in "fileoff with the binary" "fileoff without it" "relative"; do
	echo "== $how"
	case $how in
	fileoff*) f=fileoff ;;
	*) f= ;;
	esac
	{
		printf '#sp samples 1\n'
		hdr "$PWD/prog" "$f"
		columns
		sample 1 "prog!$m;prog!$w"
		sample 1 "prog!$m;prog!$k"
	} >in.tsv
	case $how in
	*without*) mv prog prog.away
		sp-symbolize -q -m in.tsv >out 2>err
		mv prog.away prog ;;
	*) sp-symbolize -q -b prog in.tsv >out 2>err ;;
	esac
	echo "status $?"
	sed "s|$PWD|DIR|g" err
	grep -v '^#lib' out | sed -e 's/prog!0x[0-9a-f]*/prog!ADDR/g' \
	    -e "s|$PWD|DIR|g"
done
