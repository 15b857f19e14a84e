# Standard input when there is no file or the file is "-" (named <stdin>),
# also between files.
cp "$T/v0.json" . && cp "$T/v51.json" . || exit 1
sp-flatten < v0.json | sed -n 2p
cat v0.json | sp-flatten - | sed -n 2p
sp-flatten v51.json - < v0.json | grep -e '^#source' -e '^#sp'
gzip -c v0.json | sp-flatten | sed -n '2p;$p'
