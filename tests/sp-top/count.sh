sp-top -W 3 < "$T/rust.agg"
