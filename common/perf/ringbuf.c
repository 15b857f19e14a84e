/*
 * ringbuf.c: perf record's ring buffer sized for the rate (ringbuf.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "perf/ringbuf.h"

/* What a sample holds besides the stack copy: registers, callchain, ids. */
#define SAMPLE_BASE	1024
/* The buffer holds this many seconds of samples: perf wakes up far sooner. */
#define HOLD_MS		250
/* perf's default (512 kB of 4 kB pages), and a cap of 64 MB a CPU. */
#define MIN_BYTES	(512UL << 10)
#define MAX_BYTES	(64UL << 20)

static unsigned long
pow2_floor(unsigned long v)
{
	unsigned long p = 1;

	while (p <= v / 2)
		p *= 2;
	return p;
}

void
ringbuf_size(struct ringbuf *r, long long freq, long long stack, long ncpus,
    long long mlock_kb, long long memlock_kb, long page)
{
	unsigned long long bytes, cpu_pages;
	unsigned long want, cap;

	if (page <= 0)
		page = 4096;
	if (ncpus <= 0)
		ncpus = 1;
	if (freq <= 0)
		freq = 1;
	bytes = (unsigned long long)freq * (unsigned long long)(stack +
	    SAMPLE_BASE) * HOLD_MS / 1000;
	if (bytes < MIN_BYTES)
		bytes = MIN_BYTES;
	if (bytes > MAX_BYTES)
		bytes = MAX_BYTES;
	want = pow2_floor((unsigned long)((bytes + (unsigned long)page - 1) /
	    (unsigned long)page));
	if (want * (unsigned long)page < bytes)
		want *= 2;
	r->want = want;
	r->pages = want;
	r->held = 0;
	r->mlock_kb = mlock_kb;
	r->ncpus = ncpus;
	r->page = page;
	if (mlock_kb < 0 || memlock_kb < 0)
		return;
	/*
	 * The pages a CPU's buffer may lock, its header page included: the
	 * kernel's allowance is mlock_kb a CPU online, summed over the
	 * user's buffers; beyond it RLIMIT_MEMLOCK, of which half is spread
	 * over the CPUs, the other half left to a second recording of the
	 * user, whose buffers all come out of its RLIMIT_MEMLOCK.
	 */
	cpu_pages = (unsigned long long)mlock_kb * 1024 / (unsigned long)page +
	    (unsigned long long)memlock_kb * 1024 / (unsigned long)page / 2 /
	    (unsigned long)ncpus;
	if (cpu_pages > MAX_BYTES / (unsigned long)page + 1)
		cpu_pages = MAX_BYTES / (unsigned long)page + 1;
	cap = cpu_pages > 2 ? pow2_floor((unsigned long)cpu_pages - 1) : 1;
	if (cap < r->pages) {
		r->pages = cap;
		r->held = 1;
	}
}

/* A number from a /proc/sys file, or def. */
static long long
sysctl_ll(const char *path, long long def)
{
	long long v;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL)
		return def;
	if (fscanf(fp, "%lld", &v) != 1)
		v = def;
	fclose(fp);
	return v;
}

void
ringbuf_for(struct ringbuf *r, long long freq, const char *callgraph)
{
	long long stack = 0, mlock_kb = -1, memlock_kb = -1;
	struct rlimit rl;

	if (strncmp(callgraph, "dwarf", 5) == 0)
		stack = callgraph[5] == ',' ? atoll(callgraph + 6) : 8192;
	/* Root, and paranoid -1, have no limit (perf_mmap()). */
	if (geteuid() != 0 &&
	    sysctl_ll("/proc/sys/kernel/perf_event_paranoid", 2) >= 0) {
		mlock_kb = sysctl_ll("/proc/sys/kernel/perf_event_mlock_kb",
		    -1);
		/* Unknown: none of it; unlimited: the kernel checks none. */
		if (getrlimit(RLIMIT_MEMLOCK, &rl) == -1)
			memlock_kb = 0;
		else if (rl.rlim_cur != RLIM_INFINITY)
			memlock_kb = (long long)(rl.rlim_cur / 1024);
	}
	ringbuf_size(r, freq, stack, sysconf(_SC_NPROCESSORS_ONLN), mlock_kb,
	    memlock_kb, sysconf(_SC_PAGESIZE));
}

int
ringbuf_given(char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strncmp(v[i], "-m", 2) == 0 ||
		    strncmp(v[i], "--mmap-pages", 12) == 0)
			return 1;
	return 0;
}

void
ringbuf_say(struct buf *b, const struct ringbuf *r, long long freq)
{
	unsigned long long need;

	if (!r->held)
		return;
	/* The kernel compares a CPU's buffers, header pages included. */
	need = (r->want + 1) * (unsigned long long)r->page / 1024;
	buf_printf(b, "perf's ring buffer held to %lu kB a CPU by "
	    "kernel.perf_event_mlock_kb (%lld kB), not the %lu kB -F %lld "
	    "asks for: samples may be lost; raise it with 'sysctl "
	    "kernel.perf_event_mlock_kb=%llu'",
	    r->pages * (unsigned long)r->page / 1024, r->mlock_kb,
	    r->want * (unsigned long)r->page / 1024, freq, need);
}
