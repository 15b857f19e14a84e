# Aggregate tables give the table their streams give (only #input differs),
# and one side may be the standard input.
cp "$T/a.sp" "$T/b.sp" . || exit 1
sp-aggregate a.sp > a.agg && sp-aggregate b.sp > b.agg || exit 1
sp-diff a.sp b.sp | grep -v '^#input' > want
sp-diff a.agg b.agg | grep -v '^#input' > got1
sp-aggregate a.sp | sp-diff - b.agg | grep -v '^#input' > got2
sp-diff a.sp b.agg | grep -v '^#input' > got3
cmp want got1 && cmp want got2 && cmp want got3 || exit 1
sp-diff - b.sp < a.sp | grep '^#input'
