/*
 * app.c: sp-hotspots' test program, built with gcc -g -O2.  Its time goes
 * to hot_function's loop (the line marked HOT_LINE), called from main (at
 * CALL_HOT), and to lib_work() in libhs.so, called from cold_function.
 * The labels hot_mark and entry_mark name the addresses of the HOT_LINE and
 * ENTRY_LINE lines for the tests, which strip them from the binary.
 */
#include <stdlib.h>

unsigned long lib_work(unsigned long);

static volatile unsigned long sink;

__attribute__((noinline)) unsigned long
hot_function(unsigned long x, long n)
{
	__asm__ volatile(".globl entry_mark\nentry_mark: nop"); /* ENTRY_LINE */
	for (long i = 0; i < n; i++) {
		__asm__ volatile(".globl hot_mark\nhot_mark: nop"); /* HOT_LINE */
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	}
	return x;
}

__attribute__((noinline)) unsigned long
cold_function(unsigned long x)
{
	return lib_work(x) + 1;	/* CALL_LIB */
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;

	for (long r = 0; r < n; r++) {
		sink += hot_function(r, 20000);	/* CALL_HOT */
		sink += cold_function(r);	/* CALL_COLD */
	}
	return 0;
}
