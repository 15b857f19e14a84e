sp-top 3 4 < "$T/rust.agg"
