# names escaped; control characters and invalid UTF-8 drawn as U+FFFD; labels cut by characters
cp "$T/names.folded" .
. "$TOP/tests/lib/flame-golden"
sp-flame names.folded | noscript
