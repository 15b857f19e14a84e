sp-top -x < "$T/rust.agg"
