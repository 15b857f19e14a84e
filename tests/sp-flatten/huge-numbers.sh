# Numbers beyond int64 (weight, threadCPUDelta) and sums that overflow
# (weight 9e18 twice, with -l and -c; cpu 1e16 µs in ns): either refused
# (status 1, one message, nothing on stdout) or read without undefined
# behaviour (the ASan+UBSan run checks) and without wrapping around to
# negative weights or cpu (the inputs are all positive).
# From a fuzzer crash: threadCPUDelta 25018446744073709551615.
bad=0
run() {	# name, sed edit, options
	sed "$2" "$T/v55.json" > "$1.json"
	cmp -s "$1.json" "$T/v55.json" && { echo "$1: edit changed nothing"; bad=1; return; }
	sp-flatten $3 "$1.json" > out 2> err
	st=$?
	case $st in
	0)	if [ "$3" = -l ]; then
			awk 'NR > 1 && ($(NF-1) < 0 || $NF < 0) { exit 1 }' out
		else
			awk -F '\t' '!/^#/ && ($6 < 0 || $7 < 0) { exit 1 }' out
		fi || { echo "$1 $3: negative weight or cpu:"; cat out; bad=1; } ;;
	1)	[ -s out ] && { echo "$1 $3: output after an error"; bad=1; }
		[ "$(wc -l < err)" -eq 1 ] || { echo "$1 $3: not one message:"; cat err; bad=1; } ;;
	*)	echo "$1 $3: status $st"; cat err; bad=1 ;;
	esac
}
cpu='s/"threadCPUDelta":\[425,1000,7,null,3\]/"threadCPUDelta":[425,'
wt='s/"weight":\[1,1,1,3,1\]/"weight":[1,'
run cpu-beyond-int64 "${cpu}25018446744073709551615,7,null,3]/"
run cpu-times-1000 "${cpu}10000000000000000,7,null,3]/"
run cpu-sum "${cpu}9000000000000,9000000000000,9000000000000,3]/" -c
run weight-beyond-int64 "${wt}1,1,3e30,1]/"
for o in "" -c -l; do
	run weight-sum "${wt}9000000000000000000,1,9000000000000000000,1]/" "$o"
done
exit $bad
