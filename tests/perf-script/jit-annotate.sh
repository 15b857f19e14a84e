# --annotate --unknown-dso: FlameGraph's and inferno's conventions: _[j]
# JIT, _[k] kernel, _[i] inlined; [dso] for an unknown symbol.
cp "$T/jit.txt" . && sp-flatten --annotate --unknown-dso jit.txt
