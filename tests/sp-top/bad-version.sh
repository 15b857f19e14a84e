sp-top < "$T/rust.agg" > /dev/null || exit 1
printf "#sp aggregate 2\n" | sp-top
