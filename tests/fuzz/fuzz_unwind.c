/*
 * fuzz_unwind.c: a libFuzzer target for the call-frame unwinder
 * (common/unwind*.c).  The input is
 *
 *   flags (1 byte)  bit 0: the section is .debug_frame, not .eh_frame;
 *                   bit 1: aarch64; bit 2: the rest is a whole ELF file,
 *                   opened with unw_image_open (through a memfd);
 *                   bit 3: the same with unw_image_open_mem
 *   vaddr (8)       where the section is (pc-relative pointers)
 *   pc (8)          the sampled pc
 *   n (2)           the size of the stack copy, then n bytes of it
 *   the section (or the ELF file), to the end
 *
 * (integers little-endian).  It works out the rule at pc and around it,
 * and unwinds the stack copy with every register known.  Besides memory
 * errors, endless loops (libFuzzer's -timeout) and undefined behaviour,
 * it checks that unw_stack keeps to its maximum and starts at the pc.
 * Seeds in tests/fuzz/seeds-unwind/: gcc's .eh_frame with a realigned
 * function's expressions, a .debug_frame, a whole stripped ELF file.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "perf/unwind_impl.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct unw_map map;

static const struct unw_map *
lookup(void *ctx, uint64_t addr)
{
	(void)ctx;
	(void)addr;
	return &map;
}

static uint64_t
le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static struct unw_image *
open_elf(const uint8_t *p, size_t n)
{
	char path[64], err[256];
	struct unw_image *im;
	int fd = memfd_create("fuzz_unwind", 0);

	if (fd == -1)
		return NULL;
	if (write(fd, p, n) != (ssize_t)n) {
		close(fd);
		return NULL;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	im = unw_image_open(path, err, sizeof(err));
	close(fd);
	return im;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	uint8_t flags;
	uint64_t vaddr, pc, pcs[64];
	size_t sn;
	const uint8_t *stack;
	struct unw_image *im;
	struct unw_regs r;
	size_t got;

	if (len < 19)
		return 0;
	flags = data[0];
	vaddr = le64(data + 1);
	pc = le64(data + 9);
	sn = (size_t)data[17] | (size_t)data[18] << 8;
	data += 19;
	len -= 19;
	if (sn > len)
		sn = len;
	stack = data;
	data += sn;
	len -= sn;
	if (flags & 8) {
		char err[256];

		im = unw_image_open_mem(data, len, "fuzz", err, sizeof(err));
	} else if (flags & 4) {
		im = open_elf(data, len);
	} else {
		im = unw_image_mem(flags & 2 ? UNW_AARCH64 : UNW_X86_64, data,
		    len, vaddr, flags & 1);
	}
	if (im == NULL)
		return 0;
	for (uint64_t d = 0; d < 4; d++)
		(void)unw_rule_find(im, pc + d);
	memset(&r, 0, sizeof(r));
	r.arch = unw_image_arch(im);
	r.pc = pc;
	for (int i = 0; i < UNW_MAXREGS; i++)
		r.r[i] = vaddr + 8 * (uint64_t)i;
	r.r[r.arch == UNW_X86_64 ? 7 : 31] = 0x7ff000;
	r.valid = ((uint64_t)1 << UNW_MAXREGS) - 1;
	map.start = 0;
	map.end = UINT64_MAX;
	map.pgoff = 0;
	map.img = im;
	got = unw_stack(&r, stack, sn, lookup, NULL, pcs, 64);
	if (got > 64 || got < 1 || pcs[0] != pc)
		abort();
	unw_image_free(im);
	return 0;
}
