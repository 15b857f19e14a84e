# Packed sample columns (16 values or more) with one bad value: the bounds
# a pack of integers keeps (json.h) spare the per-sample check only when
# every value is good, so each of these is still refused, naming the first
# bad sample as for a short column, with nothing on stdout.
s='0,1,null,1,0,1,0,1,1,0,0,1,null,1,0,1,0,1,1,0'
t='"timeDeltas":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]'
w='1,1,1,3,1,1,40000,1,1,1,1,1,1,1,1,1,1,1,1,70000'
c='425,1000,7,null,3,30000,1,2,null,4,5,6,7,8,9,10,11,12,13,32767'
bad=0
run() {	# name, stack, weight, cpu, expected message (grep -F)
	sed "s/\"samples\":{\"length\":5,[^}]*}/\"samples\":{\"length\":20,\"stack\":[$2],$t,\"weight\":[$3],\"weightType\":\"samples\",\"threadCPUDelta\":[$4]}/" \
	    "$T/v55.json" > "$1.json" || exit 2
	cmp -s "$1.json" "$T/v55.json" && { echo "$1: edit changed nothing"; exit 2; }
	for o in "" -c; do
		sp-flatten $o "$1.json" > out 2> err
		st=$?
		[ $st -eq 1 ] || { echo "$1 $o: status $st"; bad=1; }
		[ -s out ] && { echo "$1 $o: output after an error"; bad=1; }
		[ "$(wc -l < err)" -eq 1 ] && grep -q -F "$5" err ||
		    { echo "$1 $o: not the one message '$5':"; cat err; bad=1; }
	done
}
run stack-past-end "0,1,null,1,0,1,0,1,1,0,0,1,null,1,9,1,0,1,1,0" "$w" "$c" \
    'threads[0].samples.stack[14]: stack 9 out of range'
run stack-negative "0,1,null,1,0,1,0,1,1,0,0,1,null,1,0,1,-1,1,1,0" "$w" "$c" \
    'threads[0].samples.stack[16]: stack -1 out of range'
run stack-wide "0,1,null,1,0,1,0,1,1,0,0,1,null,1,0,1,0,1,100000,0" "$w" "$c" \
    'threads[0].samples.stack[18]: stack 100000 out of range'
run cpu-negative "$s" "$w" "425,1000,7,null,3,30000,1,2,null,4,5,-6,7,8,9,10,11,12,13,32767" \
    'threads[0].samples.threadCPUDelta[11]: out of range'
run weight-huge "$s" "1,1,1,3,1,1,40000,1,1,1,1,1,1,1,1,1,1,1,1,3e30" "$c" \
    'threads[0].samples.weight[19]: out of range'
run cpu-huge "$s" "$w" "425,1000,7,null,3,30000,1,2,null,4,5,6,7,8,9,10,11,12,13,2e12" \
    'threads[0].samples.threadCPUDelta[19]: out of range'
exit $bad
