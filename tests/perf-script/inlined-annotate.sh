# --annotate: inlined frames end in _[i] instead, kernel ones in _[k].
cp "$T/inlined.txt" . && sp-flatten --annotate inlined.txt
