# Lines whose stack was seen on an earlier line take sp-aggregate's fast
# path (no split of the whole line): every check, message and count must be
# the same as on the general path.
t=$(printf '\t')
good="p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b"
check() {
	printf '%s\n' "$good" "$1" > in
	sp-aggregate in > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}extra"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}2${t}extra"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}x${t}5"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}0"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}99999999999999999999"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}a;b${t}-3"
check "p${t}1${t}t${t}1${t}zero${t}1${t}${t}a;b"
check "p${t}1${t}t${t}1${t}0${t}1.5${t}${t}a;b"
check "p${t}1${t}t${t}1${t}0${t}-1${t}${t}a;b"
check "p${t}1${t}t${t}1${t}0${t}1${t}x${t}a;b"
check "p${t}1${t}t${t}1${t}0${t}1${t}-5${t}a;b"
check "p${t}1${t}t${t}1${t}0${t}9223372036854775807${t}${t}a;b"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}${t}0"
check "p${t}1${t}t${t}1${t}0${t}1${t}${t}${t}x"
check "p${t}1${t}t${t}a;b"
# Good lines: counted as the general path counts them.
{
	echo "#sp samples 2"
	for i in 1 2 3; do
		echo "p${t}1${t}t${t}1${t}0.5${t}2${t}7${t}a;b${t}3"
		echo "p${t}1${t}t${t}1${t}1${t}1${t}${t}a;b"
		echo "p${t}1${t}t${t}1${t}1${t}1${t}${t}a;c;b"
		echo "p${t}1${t}t${t}1${t}2${t}4${t}${t}${t}2"
		echo "p${t}1${t}t${t}1${t}3${t}1${t}5${t}123"
		echo "p${t}1${t}t${t}1${t}3${t}1${t}5${t}a;123${t}4"
	done
} > in
sp-aggregate in
