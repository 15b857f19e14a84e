/*
 * unwind_impl.h: the insides of unwind.h shared by its files:
 *
 *   unwind_elf.c   opening an image (ELF sections, PT_LOAD segments,
 *                  the separate debug file), file offset to vaddr
 *   unwind_cfi.c   finding the FDE of an address and running its CFA
 *                  program into a compiled rule, remembered per address
 *   unwind_expr.c  the DWARF expression evaluator of the rules
 *   unwind.c       perf's registers, and the step loop
 *
 * A rule is the row of the CFA table at one address, compiled: where the
 * CFA is (a register plus an offset, or an expression), and how to find
 * each register of the caller that is not simply left as it is.  Rules
 * are kept in a hash per image, keyed by the address (vaddr), so that an
 * address seen again costs one lookup.
 */
#ifndef SP_UNWIND_IMPL_H
#define SP_UNWIND_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "perf/unwind.h"
#include "perf/unwind_mem.h"

/* One section of call-frame information, in memory. */
struct unw_sect {
	const uint8_t *p;
	size_t	 n;
	uint64_t vaddr;		/* sh_addr: the base of pc-relative pointers */
};

/* How to find one register of the caller (DW_CFA_* rules). */
enum {
	UR_SAME,		/* unchanged (the default) */
	UR_UNDEF,		/* unknown */
	UR_OFFSET,		/* saved at CFA + v */
	UR_VAL_OFFSET,		/* is CFA + v */
	UR_REG,			/* is in register v */
	UR_EXPR,		/* saved at the address e computes */
	UR_VAL_EXPR,		/* is the value e computes */
};

enum { CFA_NONE, CFA_REG, CFA_EXPR };

/*
 * Registers a rule may say something about: x86-64's callee-saved ones
 * and return address need 7, aarch64's x19-x30 12, a signal frame every
 * general register (17 on x86-64).  A row with more gives no rule (the
 * unwinding stops) rather than a wrong one.
 */
#define UNW_RULE_REGS	20

/* 16 bytes: an expression is an offset into the rule's section. */
struct unw_rreg {
	int64_t	 v;		/* UR_EXPR, UR_VAL_EXPR: where e starts */
	uint16_t len;		/* of the expression */
	uint8_t	 reg, kind;
};

/*
 * A rule, in the image's pool: 24 bytes and 16 a register (about 140 for
 * a typical x86-64 row).
 */
struct unw_rule {
	const uint8_t *sec;	/* the section the expressions are in */
	int64_t	 cfa_off;	/* CFA_EXPR: where the expression starts */
	uint8_t	 cfa_kind, cfa_reg;
	uint8_t	 ra;		/* the return-address column */
	uint8_t	 signal;	/* 'S': the caller's pc is exact */
	uint8_t	 nregs;
	uint16_t cfa_len;
	struct unw_rreg regs[];
};

/* A slot of the memo: an address and where its rule is. */
struct unw_memo {
	uint64_t key;		/* vaddr + 1; 0: an empty slot */
	uint64_t at;		/* the rule's offset in the pool + 1; 0: none */
};

/* An entry of a sorted FDE table made by scanning a section. */
struct unw_fdeent {
	uint64_t lo, hi;
	size_t	 off;		/* of the FDE in its section */
};

struct unw_seg {
	uint64_t off, filesz, vaddr;
};

struct unw_image {
	enum unw_arch arch;
	char	*path;		/* NULL for an image made in memory */
	void	*map;		/* the file, mapped (or copy) */
	void	*copy;		/* unw_image_open_mem's copy of the file */
	size_t	 mapsz;
	void	*dmap;		/* the separate debug file, mapped */
	size_t	 dmapsz;
	uint8_t	*dbgbuf;	/* a decompressed .debug_frame */
	int	 dbg_tried;	/* the debug file was looked for */
	struct unw_seg *segs;
	size_t	 nsegs;
	struct unw_sect eh, hdr, dbg;
	const uint8_t *tab;	/* .eh_frame_hdr's table (datarel sdata4) */
	size_t	 ntab;
	struct unw_fdeent *ehtab, *dbgtab;	/* scanned, sorted */
	size_t	 nehtab, ndbgtab;
	int	 eh_scanned, dbg_scanned;
	struct unw_memo *memo;	/* open addressing, cap a power of 2 */
	size_t	 memo_cap, memo_n;
	uint8_t	*pool;		/* the rules, one after the other */
	size_t	 pool_n, pool_cap;
	uint64_t hits, misses;
};

/*
 * The rule at vaddr (an address in the image's own terms), from the memo
 * or worked out now; NULL when there is none.  It stays valid until the
 * next call.
 */
const struct unw_rule *unw_rule_find(struct unw_image *, uint64_t vaddr);

/* unwind_elf.c: find .debug_frame in the separate debug file, once. */
void	 unw_image_load_debug(struct unw_image *);

/*
 * An image made from one section in memory (for the fuzz target and
 * tests): sec is .eh_frame (at vaddr) or, when debug is set,
 * .debug_frame; file offsets map to the same vaddrs.  Not copied.
 */
struct unw_image *unw_image_mem(enum unw_arch, const uint8_t *sec, size_t n,
	    uint64_t vaddr, int debug);

#endif
