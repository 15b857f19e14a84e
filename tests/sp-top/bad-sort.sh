sp-top -s name < "$T/rust.agg"
