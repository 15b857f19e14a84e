# Several symbols at one function's address: the frame is named as perf
# report names it (a sized symbol, not weak, global, fewest leading
# underscores, longest name), whichever alias the symbolizer picked
# (llvm-symbolizer says "spin" here).
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
cat >alias.c <<'EOC'
volatile int sink;
__attribute__((noinline)) int __spin(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
	return sink;
}
int spin(int) __attribute__((weak, alias("__spin")));
int spin_alias(int) __attribute__((alias("__spin")));
int main(void) { return spin(3) & 1; }
EOC
gcc -g -O2 -o prog alias.c || exit 1
s=$(rel prog __spin) || exit 1
{
	printf '#sp samples 1\n'
	columns
	sample 1 "prog!$(rel prog main);prog!$(printf '0x%x' $((s + 4)))"
} >in.tsv
for o in "" --no-inline; do
	sp-symbolize -q $o -b prog in.tsv | tail -n 1
done
