# -o FILE writes the same profile as standard output; a file that cannot be
# written is an error, and a bad input creates no file.
sp-pprof "$T/small.sp" > stdout.pb.gz || exit 1
sp-pprof -o file.pb.gz "$T/small.sp" || exit 1
cmp stdout.pb.gz file.pb.gz || exit 1
sp-pprof --output=long.pb.gz "$T/small.sp" && cmp stdout.pb.gz long.pb.gz ||
    exit 1
sp-pprof -o nodir/x.pb.gz "$T/small.sp"
echo "status $?"
printf 'p\t1\tt\t1\tx\t1\t\ta\n' > bad.sp
sp-pprof -o bad.pb.gz bad.sp
echo "status $?"
[ -e bad.pb.gz ] && echo "bad.pb.gz was created"
ln -s /dev/full full.pb.gz
sp-pprof -o full.pb.gz "$T/small.sp"
echo "status $?"
