# The whole SVG of a small input from standard input, script and style
# included, byte for byte.
cp "$T/small.folded" .
sp-flame < small.folded
