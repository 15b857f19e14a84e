# Each error: one line on stderr, status 1, nothing on stdout.
t=$(printf '\t')
cp "$T/a.sp" "$T/b.sp" . || exit 1
check() {
	sp-diff "$@" > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
line() {
	printf '%s\n' "$1" > bad
}
check a.sp
check a.sp b.sp a.sp
check - -
check a.sp nonexistent.sp
check nonexistent.sp b.sp
check --z -1 a.sp b.sp
check --z x a.sp b.sp
check --fail-above 1e999 a.sp b.sp
check --fail-above '' a.sp b.sp
line "p${t}1${t}t${t}1${t}0${t}1${t}${t}a${t}extra${t}more"
check a.sp bad
line "p${t}1${t}t${t}1${t}0${t}1${t}${t}a${t}0"
check a.sp bad
line "p${t}1${t}t${t}1${t}zero${t}1${t}${t}a"
check bad b.sp
line "p${t}1${t}t${t}1${t}0${t}-1${t}${t}a"
check bad b.sp
line "p${t}1${t}t${t}1${t}0${t}1${t}${t}a\\x"
check bad b.sp
line "#sp diff 1"
check bad b.sp
line "1${t}2${t}3${t}4${t}f"
check bad b.sp
line ""
check bad b.sp
line "p${t}1${t}t${t}1${t}0${t}1${t}${t}a"
check --cpu bad b.sp
check --cpu a.sp bad
