sp-top -W < "$T/rust.agg"
