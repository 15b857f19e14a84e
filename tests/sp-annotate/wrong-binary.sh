# A binary whose build id is not the one profiled is refused with the
# reason, and the library's sampled addresses are listed instead of a
# wrong listing; exit status 1.
. "$T/craft"
cc -O2 -g -Wl,--build-id -o hot "$TOP/tests/workloads/hot.c" || exit 1
craft hot hot hot_leaf 00112233445566778899aabbccddeeff00112233 >s.sp
sp-annotate -C 'hot!hot_leaf' s.sp >out 2>err
echo "status $?"
id=$(readelf -n hot | awk '/Build ID/ { print $3 }')
n=$(grep -c 'hot!0x' s.sp)
# Every sampled address is listed, none as an instruction.
[ "$(grep -c '  0x[0-9a-f]*$' out)" -eq "$n" ] || { cat out >&2; exit 1; }
! grep -q ' imul' out || exit 1
sed "s|$PWD|DIR|g; s|$id|ID|g; s|self $n samples|self N samples|" out | grep -v '  0x[0-9a-f]*$'
sed "s|$PWD|DIR|g; s|$id|ID|g" err
# Without a library, the name matches nothing: the reason, then the error.
sp-annotate -C hot_leaf s.sp 2>&1 >/dev/null | sed "s|$PWD|DIR|g; s|$id|ID|g"
