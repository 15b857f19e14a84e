# --diff needs two inputs
cp "$T/before.folded" .
sp-flame --diff before.folded
