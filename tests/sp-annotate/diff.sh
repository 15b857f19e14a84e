# --diff: two streams of the same binary, b with 600 more samples on the
# multiplication of hot_leaf (hot.c line 23): that line's delta is +600 and
# beyond noise, the others unchanged and within it; the note says only
# sampling noise is judged; a function in b only is shown against nothing.
. "$T/craft"
cc -O2 -g -o hot "$TOP/tests/workloads/hot.c" || exit 1
# Each instruction of hot_leaf 200 times, for counts that tell.
craft hot hot hot_leaf | awk -F'\t' 'BEGIN { OFS = FS } !/^#/ { $6 = 200 } { print }' >a.sp
imul=$(objdump -d --no-show-raw-insn hot | awk '/<hot_leaf>:/ { on = 1 } on && $2 == "imul" { sub(/:/, "", $1); print $1; exit }')
base=$(readelf -lW hot | awk '$1 == "LOAD" { print $3; exit }')
{
	cat a.sp
	i=0
	while [ $i -lt 600 ]; do
		printf 'p\t1\tp\t1\t0\t1\t\tmain;hot!0x%x\n' $((0x$imul - base))
		i=$((i + 1))
	done
	craft hot hot warm_leaf | grep -v '^#'
} >b.sp
sp-annotate -C --diff -e hot_leaf -e warm_leaf a.sp b.sp >out || { cat out >&2; exit 1; }
grep -q '^note: only sampling noise is judged' out || { cat out >&2; exit 1; }
awk '$NF ~ /^1442695040888963407UL;$/' out | grep -q '^ *[0-9][0-9]* *[0-9][0-9]*  *+600 .*[0-9]  *23 ' ||
    { echo "line 23: not +600 beyond noise" >&2; cat out >&2; exit 1; }
# Every other line of hot_leaf: no change.
awk '/^hot!hot_leaf$/ { on = 1 } /^hot!warm_leaf$/ { on = 0 }
	on && $3 ~ /^[+-][0-9]+$/ && $NF !~ /1442695040888963407UL;$/ && $3 != "+0" { bad = 1; print }
	END { exit bad }' out || { cat out >&2; exit 1; }
grep -q '^a: not in the profile$' out || { cat out >&2; exit 1; }
# The instructions, the same binary on both sides.
sp-annotate -C --diff -d hot_leaf a.sp b.sp >out || exit 1
grep -q "^ *200 *800 *+600 .*[0-9]  *$imul:  imul" out || { cat out >&2; exit 1; }
