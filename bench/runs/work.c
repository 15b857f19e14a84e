/*
 * bench/runs/work.c: the workload of bench/runs/run: four functions of
 * different kinds, each a fixed amount of work (so its CPU time, not the
 * wall clock, sets how long it runs): compute (floating-point arithmetic),
 * walk (a random walk over 32 MB: cache and TLB misses), fault (pages
 * mapped, touched and unmapped: page faults) and branchy (branches on
 * random bits).  "work FUNCTION PCT" makes FUNCTION do PCT% more work.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static double grow_compute = 1, grow_walk = 1, grow_fault = 1,
    grow_branchy = 1;
static volatile uint64_t sink;

__attribute__((noinline)) static void
compute(long n)
{
	double x = 1.0001, y = 0;

	for (long i = 0; i < n; i++) {
		y += x * (double)i;
		x = x * 0.9999999 + 1e-9;
	}
	sink += (uint64_t)y;
}

__attribute__((noinline)) static void
walk(uint32_t *next, long n)
{
	uint32_t p = 0;

	for (long i = 0; i < n; i++)
		p = next[p];
	sink += p;
}

__attribute__((noinline)) static void
fault(long pages)
{
	size_t len = 4096 * 256;

	for (long done = 0; done < pages; done += 256) {
		char *m = mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (m == MAP_FAILED)
			exit(1);
		for (size_t o = 0; o < len; o += 4096)
			m[o] = 1;
		munmap(m, len);
	}
}

__attribute__((noinline)) static void
branchy(long n)
{
	uint64_t s = 88172645463325252ULL, acc = 0;

	for (long i = 0; i < n; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		if (s & 1)
			acc += s >> 3;
		else if (s & 2)
			acc ^= s;
		else
			acc -= 7;
	}
	sink += acc;
}

int
main(int argc, char *argv[])
{
	size_t nwalk = 8 << 20;	/* 32 MB of uint32_t */
	uint32_t *next = malloc(nwalk * sizeof(*next));
	uint64_t s = 1;

	if (argc == 3) {
		double g = 1 + atof(argv[2]) / 100;

		if (strcmp(argv[1], "compute") == 0)
			grow_compute = g;
		else if (strcmp(argv[1], "walk") == 0)
			grow_walk = g;
		else if (strcmp(argv[1], "fault") == 0)
			grow_fault = g;
		else if (strcmp(argv[1], "branchy") == 0)
			grow_branchy = g;
		else
			return 2;
	}
	if (next == NULL)
		return 1;
	/* One cycle through every slot (Sattolo), so the walk never settles. */
	for (size_t i = 0; i < nwalk; i++)
		next[i] = (uint32_t)i;
	for (size_t i = nwalk - 1; i > 0; i--) {
		size_t j;
		uint32_t t;

		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		j = (size_t)((s >> 33) % i);
		t = next[i];
		next[i] = next[j];
		next[j] = t;
	}
	compute((long)(200e6 * grow_compute));
	walk(next, (long)(2e6 * grow_walk));
	fault((long)(40000 * grow_fault));
	branchy((long)(60e6 * grow_branchy));
	return 0;
}
