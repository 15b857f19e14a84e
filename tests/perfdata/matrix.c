/*
 * The C workload of the perf report comparisons (vs-*.sh): three hot
 * functions here and two in matrix_lib.c (built into the program or as a
 * shared library), with shares of about 1:2:3 and 2:1, for argv[1]
 * rounds.  volatile keeps the loops from being folded.
 */
#include <stdlib.h>

double	 lib_hot_a(long);
double	 lib_hot_b(long);

volatile double sink;
volatile long unit = 1000000;	/* not a constant: no clones */

double	 hot_one(long);
double	 hot_two(long);
double	 hot_three(long);

__attribute__((noinline)) double
hot_one(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		sink = s += (double)i * 0.5;
	return s;
}

__attribute__((noinline)) double
hot_two(long n)
{
	double s = 0;

	for (long i = 0; i < 2 * n; i++)
		sink = s += (double)i * 0.25 + 1;
	return s;
}

__attribute__((noinline)) double
hot_three(long n)
{
	double s = 1;

	for (long i = 0; i < 3 * n; i++)
		sink = s += 1.0 / (double)(i + 1);
	return s;
}

int
main(int argc, char **argv)
{
	long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 10;
	double t = 0;

	for (long r = 0; r < rounds; r++) {
		t += hot_one(unit);
		t += hot_two(unit);
		t += hot_three(unit);
		t += lib_hot_a(2 * unit);
		t += lib_hot_b(unit);
	}
	return t == 0;
}
