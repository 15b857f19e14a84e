/*
 * twice.c: a workload for sp-diff's tests, built with cc -g -O2.  Each of
 * its rounds does a fixed amount of work in steady_leaf() and FACTOR times
 * a smaller amount in grow_leaf(), called through grow_caller():
 *
 *	main -> round -> steady_leaf			(2 units)
 *	main -> round -> grow_caller -> grow_leaf	(FACTOR units)
 *
 * so that two runs with factors 1 and 2 differ in exactly one function,
 * which does twice the work in the second, and two runs with the same
 * factor do the same work.  The work is counted in rounds, not seconds, so
 * that a loaded machine changes the run's length but not its samples.  A
 * unit takes a few milliseconds, several sampling periods: with short
 * rounds the periodic sampling timer locks onto the rounds' period and a
 * leaf's share wanders far more than independent samples would let it.
 *
 * usage: twice [rounds [factor]]	(default 50 rounds, factor 1)
 */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

/*
 * n units of work: a chain of dependent multiplications.  A macro, not a
 * function, so that the time is the leaf's own and no shared (inlined)
 * frame takes it.
 */
#define UNITS(x, n) \
	for (long u_ = 0; u_ < 2000000L * (n); u_++) \
		(x) = (x) * 6364136223846793005UL + 1442695040888963407UL

__attribute__((noinline)) static unsigned long
steady_leaf(unsigned long x)
{
	UNITS(x, 2);
	return x;
}

__attribute__((noinline)) static unsigned long
grow_leaf(unsigned long x, long factor)
{
	UNITS(x, factor);
	return x;
}

/* Each caller uses the result after the call: no tail call loses it. */
__attribute__((noinline)) static unsigned long
grow_caller(unsigned long i, long factor)
{
	return grow_leaf(i, factor) ^ i;
}

__attribute__((noinline)) static void
round_(unsigned long i, long factor)
{
	sink += steady_leaf(i);
	sink += grow_caller(i, factor);
}

int
main(int argc, char *argv[])
{
	char *end;
	long rounds = 50, factor = 1;

	if (argc > 1) {
		rounds = strtol(argv[1], &end, 10);
		if (*end != '\0' || rounds < 0 || rounds > 100000000)
			goto usage;
	}
	if (argc > 2) {
		factor = strtol(argv[2], &end, 10);
		if (*end != '\0' || factor < 0 || factor > 1000)
			goto usage;
	}
	if (argc > 3)
		goto usage;
	for (long i = 0; i < rounds; i++)
		round_((unsigned long)i, factor);
	printf("%ld rounds, factor %ld\n", rounds, factor);
	return 0;
usage:
	fprintf(stderr, "usage: twice [rounds [factor]]\n");
	return 1;
}
