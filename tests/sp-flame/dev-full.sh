# a full disk is an error
cp "$T/small.folded" .
sp-flame small.folded >/dev/full
