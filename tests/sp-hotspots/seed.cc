// seed.cc: the program of the seed tool's examples, whose hot function has
// a Rust-like path, my_crate::hot_function; no library calls, so that it
// links for macOS here too.  The hot loop is at HOT_LINE (label hot_mark).
static volatile unsigned long sink;

namespace my_crate {
__attribute__((noinline)) unsigned long
hot_function(unsigned long x, long n)
{
	for (long i = 0; i < n; i++) {
		__asm__ volatile(".globl hot_mark\nhot_mark: nop"); /* HOT_LINE */
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	}
	return x;
}
}

int
main(int argc, char **)
{
	sink = my_crate::hot_function((unsigned long)argc, 1000); /* CALL_HOT */
	return 0;
}
