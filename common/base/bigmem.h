/*
 * bigmem.h: allocations of tens or hundreds of megabytes (a whole profile,
 * its JSON tokens).  They come straight from mmap, asking for transparent
 * huge pages where the system has them: touching such a buffer then costs
 * one page fault per 2 MiB instead of one per 4 KiB, which on a virtual
 * machine was a third of sp-flatten's time.
 */
#ifndef SP_BIGMEM_H
#define SP_BIGMEM_H

#include <stddef.h>

/* n bytes of zeroed memory; dies when out of memory. */
void	*big_alloc(size_t n);
/* Grow p (of old bytes) to n bytes, keeping its contents. */
void	*big_realloc(void *p, size_t old, size_t n);
void	 big_free(void *p, size_t n);
/*
 * The whole pages inside p[0..n) are no longer needed: give them back to
 * the system (reading them afterwards gives zeros or the old bytes).
 * For memory from big_alloc, still freed with big_free.
 */
void	 big_discard(void *p, size_t n);

#endif
