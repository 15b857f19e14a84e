sp-top --width 100 -L < "$T/rust.agg"
