# --colors java: kinds by annotation and package; annotations stripped from names
cp "$T/java.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame --colors java java.folded | noscript
