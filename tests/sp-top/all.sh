# 0 means every frame.
sp-top -W 0 < "$T/rust.agg"
