/*
 * inline.c: a workload whose hot code is inlined, for sp-flamegraph's
 * tests and benchmark, built with cc -g -O2.  mix() is inlined into stir(),
 * stir() into spin(), which is kept a function of its own: with DWARF, the
 * hot address in spin() is the chain spin > stir (inlined) > mix (inlined).
 * A smaller part of the time goes to rest(), called from main().
 *
 * usage: inline [seconds]	(default 0.5; runs on the CPU that long)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

static inline unsigned long
mix(unsigned long x)
{
	for (int i = 0; i < 4000; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

static inline unsigned long
stir(unsigned long x)
{
	return mix(x ^ (x >> 7));
}

__attribute__((noinline)) static void
spin(unsigned long i)
{
	sink += stir(i);
}

__attribute__((noinline)) static void
rest(unsigned long i)
{
	unsigned long x = i | 1;

	for (int k = 0; k < 1000; k++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	sink += x;
}

/*
 * The CPU time the process has used: a recording (cpu-clock counts time on
 * a CPU) then gets as many samples on a busy machine as on an idle one,
 * where wall time would leave it a share of them.
 */
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

	if (!(secs >= 0) || secs > 3600) {
		fprintf(stderr, "usage: inline [seconds]\n");
		return 1;
	}
	end = now() + secs;
	do {
		spin(i);
		rest(i);
	} while ((++i & 15) != 0 || now() < end);
	printf("%lu rounds\n", i);
	return 0;
}
