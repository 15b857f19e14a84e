/*
 * hot.c: a workload for sp-record's tests and the demo, built with
 * cc -g -O2.  Nearly all its time goes to hot_leaf(), called only from
 * hot_caller(); a smaller part to cold_caller() through warm_leaf().  GCC
 * gives leaf functions no frame pointer (even with -fno-omit-frame-pointer),
 * so frame-pointer unwinding loses hot_caller from the stacks: the tests
 * check that sp-record's default unwinding keeps it.  It also naps for
 * 50 us every 64 rounds (see main).
 *
 * usage: hot [seconds]		(default 0.5; runs on the CPU that long)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

/* A chain of dependent multiplications: pure CPU, no calls. */
__attribute__((noinline)) static unsigned long
hot_leaf(unsigned long x)
{
	for (int i = 0; i < 20000; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

__attribute__((noinline)) static unsigned long
warm_leaf(unsigned long x)
{
	for (int i = 0; i < 5000; i++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	return x;
}

__attribute__((noinline)) static void
hot_caller(unsigned long i)
{
	sink += hot_leaf(i);
}

__attribute__((noinline)) static void
cold_caller(unsigned long i)
{
	sink += warm_leaf(i | 1);
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
		fprintf(stderr, "usage: hot [seconds]\n");
		return 1;
	}
	end = now() + secs;
	do {
		hot_caller(i);
		cold_caller(i);
		/*
		 * A short sleep now and then (about 1% of the time): on some
		 * virtual machines an event attached to a running task (perf
		 * record -p) starts counting only at its next context switch.
		 */
		if ((++i & 63) == 0) {
			struct timespec nap = { 0, 50000 };

			nanosleep(&nap, NULL);
		}
	} while ((i & 15) != 0 || now() < end);
	printf("%lu rounds\n", i);
	return 0;
}
