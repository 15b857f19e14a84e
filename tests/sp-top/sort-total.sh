sp-top -W -s total < "$T/rust.agg"
