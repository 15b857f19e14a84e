sp-aggregate < "$T/threads.sp" > a
sp-aggregate - < "$T/threads.sp" > b
cmp a b || exit 1
cat a
