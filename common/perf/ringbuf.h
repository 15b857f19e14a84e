/*
 * ringbuf.h: the size of perf record's ring buffer (-m, pages a CPU) for a
 * sampling rate and stack copy, so that perf drains it before it fills:
 * a DWARF recording copies 16 kB of stack a sample, and perf's default of
 * 512 kB a CPU then holds 8 ms of samples at 4 kHz.  Within the kernel's
 * limits on locked memory for a user that is not root: its perf_mmap()
 * lets a user lock kernel.perf_event_mlock_kb a CPU online (so about that
 * much a CPU, one page of which is each buffer's header page), and beyond
 * that what RLIMIT_MEMLOCK allows the recording process; root
 * (CAP_IPC_LOCK) and kernel.perf_event_paranoid -1 have no limit.  May use
 * base/.
 */
#ifndef SP_RINGBUF_H
#define SP_RINGBUF_H

#include <stddef.h>

#include "base/buf.h"

struct ringbuf {
	unsigned long pages;	/* to pass as -m (a power of two) */
	unsigned long want;	/* what the rate asks for */
	int	 held;		/* pages < want: the limit held it back */
	long long mlock_kb;	/* the limit, < 0 for none */
	long	 ncpus, page;
};

/*
 * freq: samples a second a CPU; stack: bytes of stack copied a sample
 * (0 for frame pointers); ncpus: CPUs recorded; mlock_kb:
 * kernel.perf_event_mlock_kb, or < 0 for no limit (root); memlock_kb:
 * RLIMIT_MEMLOCK in kB, < 0 for none (unlimited); page: the page size.
 */
void	 ringbuf_size(struct ringbuf *, long long freq, long long stack,
	    long ncpus, long long mlock_kb, long long memlock_kb, long page);

/*
 * The same for this machine (its CPUs, page size, and the limits unless
 * running as root) and perf record's --call-graph argument (dwarf[,SIZE]:
 * SIZE bytes, 8192 by default; fp, lbr: none).
 */
void	 ringbuf_for(struct ringbuf *, long long freq, const char *callgraph);

/* Has perf record's argument list v[0..n) a -m of its own? */
int	 ringbuf_given(char *const *v, size_t n);

/*
 * Append, when the limit held the buffer back, one sentence saying so and
 * the sysctl that would let it be as large as wanted (no newline): the
 * per-CPU figure the kernel compares, a buffer and its header page.
 */
void	 ringbuf_say(struct buf *, const struct ringbuf *, long long freq);

#endif
