sp-top < "$T/rust.agg" > /dev/full
