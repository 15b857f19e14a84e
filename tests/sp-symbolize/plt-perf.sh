# A recording of plt.c's hot loop (perf record): the samples in tiny()'s
# PLT stub (its range by objdump) come out as prog!tiny@plt, every other
# sample of prog is not named so, and perf's name for each of those
# samples (perf script, the names perf report sums), when perf names PLT
# stubs NAME@plt, is the same.  perf 6.1 names them after the symbol
# below (_init): then that is said and not compared.
. "$T/fixtures.inc"
need gcc perf objdump readelf llvm-symbolizer
printf 'int tiny(int x) { return x * 3 + 1; }\n' >plttiny.c
gcc -O2 -fPIC -shared -o libplttiny.so plttiny.c || exit 1
gcc -O2 -o prog "$T/plt.c" -L. -lplttiny -Wl,-rpath,"$PWD" || exit 1
if ! perf record -e cpu-clock:u -q -o plt.data ./prog 200000000 \
    >/dev/null 2>rec.err; then
	echo "skipped: perf cannot record here: $(tail -n 1 rec.err)" >&2
	exit 77
fi
b=$(firstload prog)
set -- $(objdump -d -j .plt -j .plt.sec prog |
    awk '/^[0-9a-f]+ <tiny@plt>:$/ { print $1 }')
[ $# -eq 1 ] || { echo "objdump names no tiny@plt stub" >&2; exit 1; }
lo=$((0x$1 - b)) hi=$((0x$1 - b + 16))
sp-flatten plt.data >raw || exit 1
sp-symbolize -q -m raw >sym || exit 1
perf script -i plt.data -F ip,sym --no-inline 2>/dev/null >ps || exit 1
grep -v '^#' raw | cut -f8 | awk -F';' '{ print $NF }' >raw.leaf
grep -v '^#' sym | cut -f8 | awk -F';' '{ print $NF }' >sym.leaf
awk '{ print $2 }' ps >perf.leaf
n=$(wc -l <raw.leaf)
[ "$(wc -l <perf.leaf)" -eq "$n" ] ||
    { echo "$n samples, $(wc -l <perf.leaf) by perf script" >&2; exit 1; }
paste raw.leaf sym.leaf perf.leaf >all
fail=0 instub=0 perfnames=
# Each distinct address of prog once: few.
for a in $(awk -F'\t' '$1 ~ /^prog!0x/ { print substr($1, 6) }' all |
    sort -u); do
	names=$(awk -F'\t' -v a="prog!$a" '$1 == a { print $2 }' all | sort -u)
	if [ $((a)) -ge $lo ] && [ $((a)) -lt $hi ]; then
		instub=$((instub + $(awk -F'\t' -v a="prog!$a" '$1 == a' all |
		    wc -l)))
		[ "$names" = prog!tiny@plt ] || {
			echo "$a (in tiny@plt) named $names" >&2
			fail=1
		}
		perfnames="$perfnames
$(awk -F'\t' -v a="prog!$a" '$1 == a { print $3 }' all | sort -u)"
	elif [ "$names" = prog!tiny@plt ]; then
		echo "$a (not in tiny@plt) named $names" >&2
		fail=1
	fi
done
[ "$instub" -gt 0 ] ||
    { echo "skipped: of $n samples none fell in the stub" >&2; exit 77; }
perfnames=$(printf '%s\n' "$perfnames" | grep -v '^$' | sort -u)
case $perfnames in
*@plt*)
	[ "$perfnames" = tiny@plt ] || {
		echo "perf names the stub's samples $perfnames" >&2
		fail=1
	} ;;
*)
	echo "$(perf --version) names the stub's samples" \
	    "$perfnames: not compared" >&2 ;;
esac
echo "$instub of $n samples in tiny@plt" >&2
exit $fail
