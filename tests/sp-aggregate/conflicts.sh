# Options that do not go together, and bad option values.
run() {
	sp-aggregate "$@" > out 2> err
	echo "status $? stdout $(wc -c < out) $(cat err)"
}
run --cpu "$T/nocpu.sp"
run -c -l main "$T/threads.sp"
run -l main --no-lines "$T/threads.sp"
run -r thread "$T/threads.sp"
run -c -i app "$T/threads.sp"
run -c -r pid "$T/threads.sp"
run -i 'a!b' "$T/threads.sp"
run -i '' "$T/threads.sp"
cp "$T/table.agg" .
run -c table.agg
run -i app table.agg
run -L table.agg
run -l main table.agg
run --no-lines table.agg
run --cpu table.agg
run -r
