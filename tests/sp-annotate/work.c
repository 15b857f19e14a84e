/*
 * work.c: the workload of sp-annotate's comparisons with perf annotate,
 * built with cc -O2 -g (PIE or not, gcc or clang) and linked with
 * libwork.so (lib.c).  Its time goes to spin(), a loop whose samples fall
 * on several instructions (a division, multiplications, a branch), and to
 * lib_spin() in the shared library.  It runs on the CPU for as long as it
 * is told, measured in CPU time, so that a busy machine still gives it as
 * many samples.
 *
 * usage: work [seconds]	(default 0.5)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

unsigned long lib_spin(unsigned long);

static volatile unsigned long sink;

__attribute__((noinline)) static unsigned long
spin(unsigned long x)
{
	unsigned long acc = 0;

	for (unsigned long i = 1; i < 4000; i++) {
		acc += x / (i | 1);
		x = x * 2862933555777941757UL + 3037000493UL;
		if (x & 1)
			acc ^= x >> 3;
	}
	return acc;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char *argv[])
{
	double secs = argc > 1 ? strtod(argv[1], NULL) : 0.5, end;
	unsigned long i = 0;

	end = now() + secs;
	do {
		sink += spin(i);
		sink += lib_spin(i);
	} while ((++i & 15) != 0 || now() < end);
	printf("%lu rounds\n", i);
	return 0;
}
