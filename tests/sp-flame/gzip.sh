# gzip input, recognised by content
cp "$T/small.folded" .
gzip -c small.folded | sp-flame | cmp - "$T/basic.out" && echo same
