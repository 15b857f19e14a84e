sp-top -- -3 < "$T/rust.agg"
