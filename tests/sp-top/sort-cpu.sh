sp-top --wide --sort=cpu < "$T/rust.agg"
