# Bad input: one clear line, exit 1, nothing on stdout.  An aggregate
# table (no addresses), a frame that names nothing (with suggestions), a
# directory, a malformed line, a missing file, no FRAME at all.
for args in "fib $T/table.agg" "fibb $T/jit.sp" "fib $T" "fib $T/work.c" \
    "fib nonexistent.sp" ""; do
	sp-annotate -C $args >out 2>err
	st=$?
	[ -s out ] && { echo "output for '$args'"; cat out; }
	echo "status $st"
	sed "s|$T|T|g" err
done
# On standard input, the same.
sp-annotate fib <"$T/table.agg" 2>&1
echo "status $?"
