# Gecko presymbolicated (perf gecko.py): "fn (in /path/lib)", "(in [unknown])", cpu in ns.
cp "$T/gecko-presym.json" . && sp-flatten gecko-presym.json
