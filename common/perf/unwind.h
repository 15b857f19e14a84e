/*
 * unwind.h: DWARF call-frame unwinding of the user stacks that perf copies
 * with each sample (perf record --call-graph dwarf): the registers at the
 * sample and a copy of the stack from the stack pointer up.
 *
 * This is what `perf script` spends its time on for such a recording (it
 * unwinds every sample through libdw or libunwind); reading perf.data
 * ourselves (read_perfdata.c) and unwinding here, with the rule for each
 * address worked out once and remembered, is what makes sp-flamegraph
 * fast on the recordings cargo flamegraph makes.
 *
 * An image is one ELF file's call-frame information: .eh_frame (found by
 * .eh_frame_hdr's sorted table, or by a scan of .eh_frame when there is
 * no table), and .debug_frame where .eh_frame has no entry for an address
 * (in the file itself or in its separate debug file).  Images are opened
 * by the caller, once per file, and outlive the unwinding.
 *
 * Architectures: x86-64 (and aarch64 where stated).  Registers are held
 * by their DWARF numbers.  aarch64 follows from the same code (x0-x30,
 * sp 31, pc 32, the return address in x30, pointer-authentication bits
 * taken off return addresses); it is tested on hand-written CFI only
 * (tests/unwind/cfi.c), not on an aarch64 machine.
 */
#ifndef SP_UNWIND_H
#define SP_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "perf/unwind_mem.h"	/* UNW_MAXREGS */

enum unw_arch {
	UNW_X86_64,
	UNW_AARCH64,
};

struct unw_image;

/*
 * Open the call-frame information of the ELF file at path.  Returns NULL
 * with one sentence in err (no such file, not ELF, no call-frame
 * information, a malformed section) when it cannot be used; a caller then
 * unwinds no further than a frame in that file.
 */
struct unw_image *unw_image_open(const char *path, char *err, size_t errsz);
void	 unw_image_free(struct unw_image *);	/* NULL-safe */

/*
 * The same for an ELF image in memory, copied (the [vdso]: the sampled
 * process's is this kernel's, as mapped in our own process at
 * getauxval(AT_SYSINFO_EHDR)); name is for err.  No separate debug file.
 */
struct unw_image *unw_image_open_mem(const void *elf, size_t n,
	    const char *name, char *err, size_t errsz);

/* The image's architecture (from its ELF header). */
enum unw_arch unw_image_arch(const struct unw_image *);

/*
 * The virtual address (as in the ELF file: symbols, DWARF) of the byte at
 * file offset off, through the PT_LOAD segments.  Returns 0, or -1 when no
 * segment holds that offset.
 */
int	 unw_image_vaddr(const struct unw_image *, uint64_t off,
	    uint64_t *vaddr);

/*
 * How many rules the image has worked out (addresses looked up for the
 * first time), and how many lookups the memo answered: for tests and -v.
 */
void	 unw_image_stats(const struct unw_image *, uint64_t *rules,
	    uint64_t *hits);

/* One mapping of the sampled process (from perf's MMAP/MMAP2 records). */
struct unw_map {
	uint64_t start, end;	/* [start, end) in the process */
	uint64_t pgoff;		/* the file offset mapped at start */
	struct unw_image *img;	/* NULL: no CFI; a frame-pointer step */
};

/* The mapping of the sampled process that holds addr, or NULL. */
typedef const struct unw_map *(*unw_lookup_fn)(void *ctx, uint64_t addr);

struct unw_regs {
	enum unw_arch arch;
	uint64_t pc;			/* the sampled instruction */
	uint64_t r[UNW_MAXREGS];	/* by DWARF register number */
	uint64_t valid;			/* bit n set: r[n] is known */
};

/*
 * Fill r from perf's user registers of a sample: mask is the attribute's
 * sample_regs_user, vals[0..n) the values of its set bits in bit order
 * (perf's PERF_REG_X86_* or PERF_REG_ARM64_* numbering).  Returns 0, or -1
 * when the registers the unwinder needs (pc and stack pointer) are missing.
 */
int	 unw_regs_from_perf(struct unw_regs *r, enum unw_arch, uint64_t mask,
	    const uint64_t *vals, size_t n);

/*
 * Unwind: pcs[0] is r->pc, then the return address of each caller
 * (undecremented: the caller takes one off where it looks up a name), as
 * long as the stack goes on.  stack[0..len) is the copy of the stack from
 * the address in the sample's stack pointer.  A frame in a mapping with
 * no image (JIT code, or a file that could not be read) is stepped past by
 * its frame pointer; so is one whose image has no rule for its address
 * (code built without unwind tables, crtstuff's), as long as the caller
 * so found is in a mapping.  Unwinding stops, without an error, at the
 * first frame whose address has no mapping, or no rule and no frame
 * pointer to step by, whose rule reads memory
 * outside the copy or a register that is not known, whose return address
 * is 0, or whose stack pointer does not grow (a loop); and after max
 * addresses.  Returns the number written.
 */
size_t	 unw_stack(const struct unw_regs *r, const uint8_t *stack,
	    size_t len, unw_lookup_fn lookup, void *ctx, uint64_t *pcs,
	    size_t max);

#endif
