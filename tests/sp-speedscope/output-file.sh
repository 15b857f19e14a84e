# -o FILE writes the same file as standard output; a file that cannot be
# written is an error, and a bad input creates no file.
S=$T/../sp-fxprof/small.sp
sp-speedscope "$S" > stdout.json || exit 1
sp-speedscope -o file.json "$S" && cmp stdout.json file.json || exit 1
sp-speedscope --output=long.json "$S" && cmp stdout.json long.json || exit 1
sp-speedscope -o nodir/x.json "$S"
echo "status $?"
printf 'p\t1\tt\t1\tx\t1\t\ta\n' > bad.sp
sp-speedscope -o bad.json bad.sp
echo "status $?"
[ -e bad.json ] && echo "bad.json was created"
ln -s /dev/full full.json
sp-speedscope -o full.json "$S"
echo "status $?"
