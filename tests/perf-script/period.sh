# --period: the weight is the event's period (1 when perf printed none).
cp "$T/jit.txt" . && sp-flatten --period --unknown-dso jit.txt
