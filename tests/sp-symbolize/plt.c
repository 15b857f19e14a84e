/*
 * plt.c: a program whose hot loop calls tiny(), a function of a shared
 * library (plttiny.c) the test builds, through the PLT, and printf once.
 */
#include <stdio.h>
#include <stdlib.h>

int	tiny(int);

int
main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
	unsigned s = 0;

	for (long i = 0; i < n; i++)
		s += (unsigned)tiny((int)i);
	printf("%u\n", s);
	return 0;
}
