sp-top -W -L < "$T/rust.agg"
