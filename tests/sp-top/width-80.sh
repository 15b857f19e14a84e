sp-top -w 80 < "$T/rust.agg"
