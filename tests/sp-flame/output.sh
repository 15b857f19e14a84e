# -o: the SVG in a file, nothing on stdout
cp "$T/small.folded" .
sp-flame -o out.svg small.folded && xmllint --noout out.svg && wc -c <out.svg | tr -d ' ' | sed 's/^[0-9][0-9]*$/written/'
