/*
 * chain.c: the program of the tests/unwind cases.  It builds a call chain
 * of several shapes (frame-pointer-free functions, alloca and a variable
 * length array, a realigned stack, a callback called by libc's qsort), and
 * at the deepest point takes its registers and a copy of its stack, as
 * perf does for a sample; then it unwinds that copy with unw_stack
 * (common/perf/unwind.h), using the images of /proc/self/maps, and compares
 * the return addresses with those of glibc's backtrace() (libgcc's DWARF
 * unwinder) taken at the same point.
 *
 *   chain full     every return address agrees, to _start
 *   chain short    a copy of 256 bytes: fewer frames, the first agree
 *   chain noimage  the program's own image missing: only pcs[0]
 *   chain memo     a second unwinding agrees and is answered by the memo
 *   chain signal   the same, captured in a signal handler: through the
 *                  kernel's frame and glibc's __restore_rt ('S', and
 *                  its registers found by DWARF expressions)
 *   chain other F  as full, with the call-frame information of the
 *                  program itself read from F (a copy of it without
 *                  .eh_frame, whose .debug_frame is in a separate file)
 *   chain vdso     the [vdso] opened from memory (unw_image_open_mem)
 *                  has a rule at __vdso_clock_gettime
 *   chain bench N  unwinds the copy N times; prints frames and CPU time
 *
 * Prints what failed and exits 1, or exits 0.
 */
#define _GNU_SOURCE
#include <alloca.h>
#include <execinfo.h>
#include <dlfcn.h>
#include <signal.h>
#include <sys/auxv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "perf/unwind_impl.h"

#define MAXF	64
#define MAXMAP	512

static struct {
	uint64_t pc, rsp, rbp, rbx, r12, r13, r14, r15;
} cap;
static uint8_t *copy;
static size_t copylen;
static void *bt[MAXF];
static int nbt;
static int taken;
static int by_signal;
static volatile int sink;

static struct unw_map maps[MAXMAP];
static size_t nmaps;
static char exe[4096];

/* Copy the stack from cap.rsp to the end of its mapping (at most 1 MiB),
 * byte by byte: the sanitizers must not see the other frames' redzones. */
__attribute__((noinline, no_sanitize_address))
static void
copy_stack(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uint64_t end = 0;

	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		unsigned long lo, hi;

		if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 &&
		    cap.rsp >= lo && cap.rsp < hi)
			end = hi;
	}
	if (f != NULL)
		fclose(f);
	if (end == 0) {
		fprintf(stderr, "chain: no mapping holds the stack\n");
		exit(1);
	}
	copylen = end - cap.rsp;
	if (copylen > (1u << 20))
		copylen = 1u << 20;
	copy = malloc(copylen);
	for (size_t i = 0; i < copylen; i++)
		copy[i] = ((volatile uint8_t *)(uintptr_t)cap.rsp)[i];
}

/* The deepest point: registers, stack, and backtrace(). */
__attribute__((noinline))
static void
capture(void)
{
	__asm__ volatile(
	    "lea 1f(%%rip), %%rax\n\t"
	    "mov %%rax, 0(%0)\n\t"
	    "mov %%rsp, 8(%0)\n\t"
	    "mov %%rbp, 16(%0)\n\t"
	    "mov %%rbx, 24(%0)\n\t"
	    "mov %%r12, 32(%0)\n\t"
	    "mov %%r13, 40(%0)\n\t"
	    "mov %%r14, 48(%0)\n\t"
	    "mov %%r15, 56(%0)\n\t"
	    "1:\n\t"
	    : : "r"(&cap) : "rax", "memory");
	copy_stack();
	nbt = backtrace(bt, MAXF);
	sink++;
}

static void
on_signal(int sig)
{
	(void)sig;
	capture();
	sink++;
}

__attribute__((noinline))
static int
leaf(int x)
{
	if (!taken) {
		taken = 1;
		if (by_signal)
			raise(SIGUSR1);
		else
			capture();
	}
	sink += x;
	return x;
}

static int
cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	leaf(x);
	sink++;
	return (x > y) - (x < y);
}

__attribute__((noinline))
static int
sorter(int n)
{
	int v[8];

	for (int i = 0; i < 8; i++)
		v[i] = (n * 7 + i * 5) % 8;
	qsort(v, 8, sizeof(v[0]), cmp);
	sink++;
	return v[0];
}

/* A realigned stack with a dynamic size: gcc's DRAP, whose CFA is an
 * expression (DW_OP_breg6 -8, DW_OP_deref). */
__attribute__((noinline))
static int
realigned(int n)
{
	_Alignas(64) volatile char buf[64];
	char *p = alloca((size_t)n + 1);
	int r;

	buf[0] = (char)n;
	p[0] = buf[0];
	r = sorter(n + p[0]);
	sink++;
	return r;
}

__attribute__((noinline, force_align_arg_pointer))
static int
forced(int n)
{
	int r = realigned(n);

	sink++;
	return r;
}

__attribute__((noinline))
static int
vla(int n)
{
	volatile char v[n + 16];
	int r;

	v[0] = (char)n;
	r = forced(n + v[0] % 2);
	sink += v[n];
	return r;
}

__attribute__((noinline))
static int
with_alloca(int n)
{
	volatile char *p = alloca((size_t)n * 16 + 8);
	int r;

	p[0] = 1;
	r = vla(n + p[0]);
	sink += p[0];
	return r;
}

/* Callee-saved registers live across the call, so that the frames above
 * need them restored. */
__attribute__((noinline))
static int
saver(int a, int b, int c)
{
	int x = a * 3, y = b * 5, z = c * 7, w = a ^ b;
	int r = with_alloca(a + 1);

	sink++;
	return r + x + y + z + w;
}

__attribute__((noinline))
static int
top(int n)
{
	int r = saver(n, n + 1, n + 2);

	sink++;
	return r;
}

static const struct unw_map *
lookup(void *ctx, uint64_t addr)
{
	(void)ctx;
	for (size_t i = 0; i < nmaps; i++)
		if (addr >= maps[i].start && addr < maps[i].end)
			return &maps[i];
	return NULL;
}

/*
 * The mappings of this process; skip: a path whose image is left out;
 * self, when not NULL: the file to open for the program's own mappings.
 */
static void
read_maps(const char *skip, const char *self)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096], path[4096], prev[4096] = "";
	struct unw_image *img = NULL;

	while (f != NULL && fgets(line, sizeof(line), f) != NULL &&
	    nmaps < MAXMAP) {
		unsigned long lo, hi, off;
		char perm[8];
		char err[256];

		path[0] = '\0';
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &lo, &hi,
		    perm, &off, path) < 4 || path[0] != '/')
			continue;
		if (strcmp(path, prev) != 0) {
			img = NULL;
			if (self != NULL && strcmp(path, exe) == 0) {
				img = unw_image_open(self, err, sizeof(err));
				if (img == NULL)
					fprintf(stderr, "chain: %s\n", err);
			} else if (skip == NULL || strcmp(path, skip) != 0) {
				img = unw_image_open(path, err, sizeof(err));
			}
			snprintf(prev, sizeof(prev), "%s", path);
		}
		maps[nmaps].start = lo;
		maps[nmaps].end = hi;
		maps[nmaps].pgoff = off;
		maps[nmaps].img = img;
		nmaps++;
	}
	if (f != NULL)
		fclose(f);
}

static size_t
unwind(size_t len, uint64_t *pcs)
{
	struct unw_regs r;

	memset(&r, 0, sizeof(r));
	r.arch = UNW_X86_64;
	r.pc = cap.pc;
	r.r[7] = cap.rsp;
	r.r[6] = cap.rbp;
	r.r[3] = cap.rbx;
	r.r[12] = cap.r12;
	r.r[13] = cap.r13;
	r.r[14] = cap.r14;
	r.r[15] = cap.r15;
	r.valid = 1u << 7 | 1u << 6 | 1u << 3 | 0xfu << 12;
	return unw_stack(&r, copy, len, lookup, NULL, pcs, MAXF);
}

static void
show(const char *what, const uint64_t *pcs, size_t n)
{
	fprintf(stderr, "%s:", what);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " %llx", (unsigned long long)pcs[i]);
	fprintf(stderr, "\n");
}

/*
 * Do pcs[1..n) agree with backtrace()'s return addresses?  backtrace's
 * first entry is in capture() (after its call), and a sanitizer's
 * interceptor may add one before it: align on pcs[1].  all: to the end.
 */
static int
agree(const uint64_t *pcs, size_t n, int all)
{
	int j;
	uint64_t b[MAXF];

	for (int i = 0; i < nbt; i++)
		b[i] = (uint64_t)(uintptr_t)bt[i];
	if (n < 2) {
		fprintf(stderr, "chain: unwound %zu frames\n", n);
		return 0;
	}
	for (j = 0; j < nbt && b[j] != pcs[1]; j++)
		;
	if (j == nbt || (all && (size_t)(nbt - j) != n - 1) ||
	    (size_t)(nbt - j) < n - 1) {
		show("chain: unw_stack", pcs, n);
		show("chain: backtrace", b, (size_t)nbt);
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if (pcs[i] != b[j + (int)i - 1]) {
			fprintf(stderr, "chain: frame %zu differs\n", i);
			show("chain: unw_stack", pcs, n);
			show("chain: backtrace", b, (size_t)nbt);
			return 0;
		}
	}
	return 1;
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "full";
	uint64_t pcs[MAXF], pcs2[MAXF];
	size_t n, n2;

	if (strcmp(mode, "signal") == 0) {
		by_signal = 1;
		signal(SIGUSR1, on_signal);
	}
	sink = top(argc);
	if (!taken || nbt < 8) {
		fprintf(stderr, "chain: no capture (%d frames)\n", nbt);
		return 1;
	}
	{
		ssize_t k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

		if (k <= 0)
			return 1;
		exe[k] = '\0';
	}
	if (strcmp(mode, "vdso") == 0) {
		uintptr_t base = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
		void *h = dlopen("linux-vdso.so.1", RTLD_LAZY | RTLD_NOLOAD);
		void *sym = h != NULL ? dlsym(h, "__vdso_clock_gettime") :
		    NULL;
		struct unw_image *im;
		char err[256];
		uint64_t va;

		if (base == 0 || sym == NULL) {
			fprintf(stderr, "no vdso here\n");
			return 77;
		}
		FILE *f = fopen("/proc/self/maps", "r");
		char line[512];
		size_t size = 0;

		while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
			unsigned long lo, hi;

			if (strstr(line, "[vdso]") != NULL &&
			    sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo == base)
				size = hi - lo;
		}
		if (f != NULL)
			fclose(f);
		im = unw_image_open_mem((const void *)base, size, "[vdso]",
		    err, sizeof(err));
		if (im == NULL) {
			fprintf(stderr, "chain: %s\n", err);
			return 1;
		}
		if (unw_image_vaddr(im, (uintptr_t)sym - base, &va) == -1 ||
		    unw_rule_find(im, va) == NULL) {
			fprintf(stderr, "chain: no rule at __vdso_clock_gettime "
			    "(%#lx)\n", (unsigned long)((uintptr_t)sym - base));
			return 1;
		}
		unw_image_free(im);
		return 0;
	}
	if (strcmp(mode, "noimage") == 0) {
		read_maps(exe, NULL);
		n = unwind(copylen, pcs);
		if (n != 1 || pcs[0] != cap.pc) {
			show("chain: unw_stack", pcs, n);
			return 1;
		}
		return 0;
	}
	read_maps(NULL, strcmp(mode, "other") == 0 ? argv[2] : NULL);
	if (strcmp(mode, "full") == 0 || strcmp(mode, "signal") == 0 ||
	    strcmp(mode, "other") == 0) {
		n = unwind(copylen, pcs);
		if (n < 12)
			show("chain: too few frames", pcs, n);
		return n >= 12 && pcs[0] == cap.pc && agree(pcs, n, 1) ? 0 : 1;
	}
	if (strcmp(mode, "short") == 0) {
		size_t nfull = unwind(copylen, pcs2);

		n = unwind(256, pcs);
		if (n >= nfull || n < 2) {
			fprintf(stderr, "chain: %zu frames of %zu\n", n, nfull);
			return 1;
		}
		return agree(pcs, n, 0) ? 0 : 1;
	}
	if (strcmp(mode, "memo") == 0) {
		const struct unw_map *m = lookup(NULL, cap.pc);
		uint64_t rules, hits, rules2, hits2;

		n = unwind(copylen, pcs);
		unw_image_stats(m->img, &rules, &hits);
		n2 = unwind(copylen, pcs2);
		unw_image_stats(m->img, &rules2, &hits2);
		if (n != n2 || memcmp(pcs, pcs2, n * sizeof(pcs[0])) != 0) {
			show("chain: first", pcs, n);
			show("chain: second", pcs2, n2);
			return 1;
		}
		if (rules2 != rules || hits2 <= hits) {
			fprintf(stderr, "chain: rules %llu then %llu, hits %llu "
			    "then %llu\n", (unsigned long long)rules,
			    (unsigned long long)rules2,
			    (unsigned long long)hits,
			    (unsigned long long)hits2);
			return 1;
		}
		return agree(pcs, n, 1) ? 0 : 1;
	}
	if (strcmp(mode, "bench") == 0 && argc > 2) {
		long times = strtol(argv[2], NULL, 10);
		struct timespec t0, t1;
		uint64_t frames = 0;

		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		for (long i = 0; i < times; i++)
			frames += unwind(copylen, pcs);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		printf("%llu frames in %.3f s CPU: %.1f ns a frame\n",
		    (unsigned long long)frames,
		    (double)(t1.tv_sec - t0.tv_sec) +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
		    ((double)(t1.tv_sec - t0.tv_sec) * 1e9 +
		    (double)(t1.tv_nsec - t0.tv_nsec)) / (double)frames);
		return 0;
	}
	fprintf(stderr, "chain: unknown mode %s\n", mode);
	return 1;
}
