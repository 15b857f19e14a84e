COLUMNS=90 sp-top < "$T/rust.agg" > a
sp-top -w 90 < "$T/rust.agg" | cmp - a || exit 1
# -W wins over COLUMNS; without a terminal nothing is shortened.
COLUMNS=90 sp-top -W < "$T/rust.agg" > b
unset COLUMNS
sp-top < "$T/rust.agg" | cmp - b || exit 1
cat a
