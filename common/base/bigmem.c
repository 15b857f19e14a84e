/* bigmem.c: mmap-backed buffers with transparent huge pages; see bigmem.h. */
#ifdef __linux__
#define _GNU_SOURCE	/* mremap */
#endif
#include <err.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "base/bigmem.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

static size_t
round_up(size_t n)
{
	size_t page = (size_t)2 << 20;

	if (n == 0)
		n = 1;
	if (n > (size_t)-1 - page)
		errx(1, "out of memory");
	return (n + page - 1) & ~(page - 1);
}

void *
big_alloc(size_t n)
{
	void *p;

	n = round_up(n);
	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		err(1, "out of memory (%zu MiB)", n >> 20);
#ifdef MADV_HUGEPAGE
	/* Only a hint: where huge pages are off this changes nothing. */
	madvise(p, n, MADV_HUGEPAGE);
#endif
	return p;
}

void *
big_realloc(void *p, size_t old, size_t n)
{
	void *q;

	if (p == NULL)
		return big_alloc(n);
	if (round_up(n) <= round_up(old))
		return p;
#ifdef MREMAP_MAYMOVE
	q = mremap(p, round_up(old), round_up(n), MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		err(1, "out of memory (%zu MiB)", round_up(n) >> 20);
#ifdef MADV_HUGEPAGE
	madvise(q, round_up(n), MADV_HUGEPAGE);
#endif
#else
	q = big_alloc(n);
	memcpy(q, p, old);
	big_free(p, old);
#endif
	return q;
}

void
big_free(void *p, size_t n)
{
	if (p != NULL)
		munmap(p, round_up(n));
}

void
big_discard(void *p, size_t n)
{
#ifdef MADV_DONTNEED
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t b = ((uintptr_t)p + n) & ~(page - 1);

	if (p != NULL && b > a)
		madvise((void *)a, b - a, MADV_DONTNEED);
#else
	(void)p;
	(void)n;
#endif
}
