/*
 * nocfi.c: a workload whose hot leaf is called from code without call-frame
 * information (nocfi_mid.c, built without unwind tables and with the frame
 * pointer, as crtstuff's __do_global_dtors_aux is), for nocfi.sh: a DWARF
 * unwinder must step past middle() by the frame pointer to reach main().
 *
 * usage: nocfi [seconds]	(default 0.3; runs on the CPU that long)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

unsigned long middle(unsigned long (*)(unsigned long), unsigned long);

static volatile unsigned long sink;

__attribute__((noinline)) static unsigned long
leaf(unsigned long x)
{
	for (int i = 0; i < 20000; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

static double
cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char *argv[])
{
	double secs = argc > 1 ? strtod(argv[1], NULL) : 0.3;
	double t0 = cpu_seconds();
	unsigned long i = 0;

	while (cpu_seconds() - t0 < secs)
		sink += middle(leaf, i++);
	printf("%lu\n", sink & 1);
	return 0;
}
