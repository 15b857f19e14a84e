# -o FILE writes the same profile as standard output, gzip-compressed when
# FILE ends in .gz; a file that cannot be written is an error, and a bad
# input creates no file.
S=$T/small.sp
sp-fxprof "$S" > stdout.json || exit 1
sp-fxprof -o file.json "$S" && cmp stdout.json file.json || exit 1
sp-fxprof --output=long.json "$S" && cmp stdout.json long.json || exit 1
sp-fxprof -o file.json.gz "$S" && gzip -t file.json.gz &&
    gzip -dc file.json.gz | cmp - stdout.json || exit 1
sp-fxprof -o nodir/x.json "$S"
echo "status $?"
printf 'p\t1\tt\t1\tx\t1\t\ta\n' > bad.sp
sp-fxprof -o bad.json bad.sp
echo "status $?"
[ -e bad.json ] && echo "bad.json was created"
ln -s /dev/full full.json.gz
sp-fxprof -o full.json.gz "$S"
echo "status $?"
