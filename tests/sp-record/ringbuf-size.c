/*
 * tests/sp-record/ringbuf-size.c: common/perf/ringbuf.c's sizing of perf's
 * ring buffer against the kernel's limits (perf_mmap() in
 * kernel/events/core.c: a user locks kernel.perf_event_mlock_kb a CPU
 * online, a buffer's header page included, beyond that RLIMIT_MEMLOCK;
 * root none).  Prints one line a case, for ringbuf-size.out; built by
 * ringbuf-size.sh against the library of the build under test.
 */
#include <stdio.h>

#include "base/buf.h"
#include "perf/ringbuf.h"

static void
one(const char *what, long long freq, long long stack, long ncpus,
    long long mlock_kb, long long memlock_kb, long page)
{
	struct ringbuf r;
	struct buf b = { 0 };

	ringbuf_size(&r, freq, stack, ncpus, mlock_kb, memlock_kb, page);
	ringbuf_say(&b, &r, freq);
	printf("%s: -F %lld stack %lld, %ld CPUs, mlock %lld kB, memlock "
	    "%lld kB, page %ld: want %lu pages, -m %lu%s\n", what, freq,
	    stack, ncpus, mlock_kb, memlock_kb, page, r.want, r.pages,
	    r.held ? ", held" : "");
	if (b.len > 0)
		printf("\t%s\n", b.s);
	buf_free(&b);
}

int
main(void)
{
	/* The kernel's default 516 kB: 128 data pages + the header page. */
	one("default limit, no rlimit", 2999, 8192, 2, 516, 0, 4096);
	one("the same on 64 CPUs", 2999, 8192, 64, 516, 0, 4096);
	one("a page short of 129", 2999, 8192, 2, 512, 0, 4096);
	/* Half of RLIMIT_MEMLOCK spread over the CPUs. */
	one("8 MB rlimit, 2 CPUs", 2999, 8192, 2, 516, 8192, 4096);
	one("8 MB rlimit, 64 CPUs", 2999, 8192, 64, 516, 8192, 4096);
	one("64 kB rlimit", 2999, 8192, 2, 516, 64, 4096);
	/* What the rate asks for fits: not held. */
	one("frame pointers", 999, 0, 2, 516, 0, 4096);
	one("a raised limit", 2999, 8192, 2, 8196, 0, 4096);
	/* No limit: root, or an unlimited rlimit. */
	one("root", 2999, 8192, 2, -1, 0, 4096);
	one("unlimited rlimit", 2999, 8192, 2, 516, -1, 4096);
	/* 64 kB pages: 516 kB holds 8 pages, 7 of data: 4. */
	one("64 kB pages", 2999, 8192, 2, 516, 0, 65536);
	one("a tiny limit", 2999, 8192, 2, 4, 0, 4096);
	return 0;
}
