# Each bad line: FILE:LINE and why on stderr, status 1, nothing on stdout.
t=$(printf '\t')
check() {
	printf '%s\n' "$1" > in
	sp-speedscope in > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
check "#sp samples 1
p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b
p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}extra${t}more"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a
"
check "p${t}1${t}t${t}1"
check "p${t}1${t}t${t}1${t}zero${t}1${t}${t}a"
check "p${t}1${t}t${t}1${t}inf${t}1${t}${t}a"
check "p${t}1${t}t${t}1${t}0${t}1.5${t}${t}a"
check "p${t}1${t}t${t}1${t}0${t}-1${t}${t}a"
check "p${t}1${t}t${t}1${t}0${t}1${t}x${t}a"
check "p${t}1${t}t${t}1${t}0${t}1${t}-5${t}a"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a${t}0"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a\\"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a\\x;b"
check "p\\q${t}1${t}t${t}1${t}0${t}1${t}${t}a"
check "p${t}1${t}t${t}1${t}0${t}9223372036854775807${t}${t}a
p${t}1${t}t${t}1${t}0${t}1${t}${t}a"
check "#sp samples 9"
check "#sp aggregate 1"
check "1${t}2${t}3${t}4${t}f"
check "#lib${t}0"
check "#lib${t}0${t}a\\x"
check "#units${t}time=ms${t}weight=samples
p${t}1${t}t${t}1${t}0${t}1${t}${t}a
#units${t}time=ms${t}weight=ns
p${t}1${t}t${t}1${t}0${t}1${t}${t}a"
sp-speedscope missing.sp > out 2> err
echo "status $? stdout $(wc -c < out) $(cat err)"
