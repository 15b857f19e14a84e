# A version 2 stream: the samples column after the stack passes through as
# it is, on rewritten lines too; a later input of a later version writes
# its magic line, an earlier version's is not repeated.
t=$(printf '\t')
cat > v2 <<END
#sp samples 2
p${t}1${t}t${t}1${t}0${t}5${t}100${t}a;b;b${t}3
p${t}1${t}t${t}1${t}1${t}1${t}${t}a;c
p${t}1${t}t${t}1${t}2${t}4${t}${t}${t}2
END
sp-filter --collapse-recursion b --drop c v2
echo ==
sp-filter --merge a "$T/in.sp" v2 "$T/in.sp" | grep '^#sp\|	3$'
echo ==
printf "p\t1\tt\t1\t0\t1\t\ta\tx\n" | sp-filter --merge a 2>&1; echo "status $?"
