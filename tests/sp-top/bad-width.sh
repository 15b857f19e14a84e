sp-top -w 0 < "$T/rust.agg"
