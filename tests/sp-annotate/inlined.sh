# Inlined callees: every instruction of spin() sampled once; stir() and
# mix() are inlined into it (tests/workloads/inline.c), so the source view
# names them under the line of spin() that calls them, and the selves of
# spin's lines add up to its self (the instructions of its symbol's size:
# objdump lists the padding after it too).
. "$T/craft"
cc -O2 -g -o inl "$TOP/tests/workloads/inline.c" || exit 1
craft inl inl spin >s.sp
n=$(grep -c 'inl!0x' s.sp)
[ "$n" -gt 3 ] || exit 1
sp-annotate -C spin s.sp >out || exit 1
n=$(sed -n 's/^inl!spin  self \([0-9]*\) samples.*/\1/p' out)
[ -n "$n" ] && [ "$n" -gt 3 ] || { cat out >&2; exit 1; }
grep -q ' inlined mix (inline.c:[0-9]*)$' out || { cat out >&2; exit 1; }
# The line rows (a line number at column 33), their selves summed.
sum=$(awk 'substr($0, 33, 7) ~ /^ *[0-9]+$/ { s = substr($0, 1, 9); gsub(/ /, "", s)
	if (s != ".") t += s } END { print t + 0 }' out)
[ "$sum" -eq "$n" ] || { echo "lines sum to $sum, not $n" >&2; cat out >&2; exit 1; }
# The call of stir() in spin() holds the inlined samples.
grep -q 'sink += stir(i);' out || exit 1
