/*
 * unwind.c: perf's sampled registers into DWARF numbering, and the step
 * loop of unw_stack (unwind.h): for each frame, the mapping of its pc
 * gives the image and the vaddr, the image's rule for that vaddr
 * (unwind_cfi.c, remembered) gives the CFA and the caller's registers,
 * read from the copy of the stack.
 *
 * The pc of every frame but the first is a return address: the rule is
 * looked up at pc - 1, inside the call (a call can be a function's last
 * instruction), except above a signal frame ('S'), whose caller's pc is
 * the interrupted instruction itself.
 */
#include <stdint.h>
#include <string.h>

#include "perf/unwind_impl.h"

/* perf's register numbers (arch/x86/include/uapi/asm/perf_regs.h). */
enum {
	PX_AX, PX_BX, PX_CX, PX_DX, PX_SI, PX_DI, PX_BP, PX_SP, PX_IP,
	PX_FLAGS, PX_CS, PX_SS, PX_DS, PX_ES, PX_FS, PX_GS,
	PX_R8, PX_R9, PX_R10, PX_R11, PX_R12, PX_R13, PX_R14, PX_R15,
};

/* The DWARF number of each perf x86 register, -1 for none. */
static const signed char x86_dwarf[24] = {
	[PX_AX] = 0, [PX_BX] = 3, [PX_CX] = 2, [PX_DX] = 1, [PX_SI] = 4,
	[PX_DI] = 5, [PX_BP] = 6, [PX_SP] = 7, [PX_IP] = 16,
	[PX_FLAGS] = -1, [PX_CS] = -1, [PX_SS] = -1, [PX_DS] = -1,
	[PX_ES] = -1, [PX_FS] = -1, [PX_GS] = -1,
	[PX_R8] = 8, [PX_R9] = 9, [PX_R10] = 10, [PX_R11] = 11,
	[PX_R12] = 12, [PX_R13] = 13, [PX_R14] = 14, [PX_R15] = 15,
};

/* The stack pointer's and the pc's DWARF numbers. */
#define X86_SP	7
#define X86_PC	16	/* the return-address column */
#define A64_SP	31
#define A64_PC	32	/* perf's PERF_REG_ARM64_PC, as unwind.h numbers it */
#define X86_FP	6	/* rbp */
#define A64_FP	29	/* x29 */
#define A64_VA_MASK	0x0000ffffffffffffull	/* 48-bit user addresses */

int
unw_regs_from_perf(struct unw_regs *r, enum unw_arch arch, uint64_t mask,
    const uint64_t *vals, size_t n)
{
	size_t k = 0;
	int sp = arch == UNW_X86_64 ? X86_SP : A64_SP;
	int pc = arch == UNW_X86_64 ? X86_PC : A64_PC;

	memset(r, 0, sizeof(*r));
	r->arch = arch;
	for (int bit = 0; bit < 64 && k < n; bit++) {
		int d;

		if (!(mask & ((uint64_t)1 << bit)))
			continue;
		if (arch == UNW_X86_64)
			d = bit < 24 ? x86_dwarf[bit] : -1;
		else
			d = bit <= 32 ? bit : -1;	/* x0-x30, sp, pc */
		if (d >= 0) {
			r->r[d] = vals[k];
			r->valid |= (uint64_t)1 << d;
		}
		k++;
	}
	if (!(r->valid & ((uint64_t)1 << sp)) ||
	    !(r->valid & ((uint64_t)1 << pc)))
		return -1;
	r->pc = r->r[pc];
	return 0;
}

/*
 * One step: the frame's registers cur (whose pc is in its column) become
 * its caller's, by the rule ru, in place: every value is worked out from
 * the old ones first.  Returns 0, or -1 when the rule needs what is not
 * known.
 */
static int
step(const struct unw_rule *ru, struct unw_regs *cur, const uint8_t *stack,
    size_t len, uint64_t base, int spreg)
{
	uint64_t cfa, v, val[UNW_RULE_REGS], valid = cur->valid;
	uint32_t ok = 0;

	if (ru->cfa_kind == CFA_REG) {
		if (!(cur->valid & ((uint64_t)1 << ru->cfa_reg)))
			return -1;
		cfa = cur->r[ru->cfa_reg] + (uint64_t)ru->cfa_off;
	} else if (unw_eval(ru->sec + ru->cfa_off, ru->cfa_len, cur->r,
	    cur->valid, stack, len, base, 0, &cfa) == -1) {
		return -1;
	}
	for (int i = 0; i < ru->nregs; i++) {
		const struct unw_rreg *g = &ru->regs[i];
		int good = 0;

		switch (g->kind) {
		case UR_UNDEF:
			break;
		case UR_OFFSET:
			good = unw_read8(stack, len, base, cfa + (uint64_t)g->v,
			    &v) == 0;
			break;
		case UR_VAL_OFFSET:
			v = cfa + (uint64_t)g->v;
			good = 1;
			break;
		case UR_REG:
			good = (cur->valid >> g->v) & 1;
			v = cur->r[g->v];
			break;
		case UR_EXPR:
			v = cfa;
			good = unw_eval(ru->sec + g->v, g->len, cur->r,
			    cur->valid, stack, len, base, 1, &v) == 0 &&
			    unw_read8(stack, len, base, v, &v) == 0;
			break;
		case UR_VAL_EXPR:
			v = cfa;
			good = unw_eval(ru->sec + g->v, g->len, cur->r,
			    cur->valid, stack, len, base, 1, &v) == 0;
			break;
		}
		if (good) {
			val[i] = v;
			ok |= (uint32_t)1 << i;
		}
	}
	/* The caller's stack pointer is the CFA, unless a rule says
	 * otherwise (as libgcc reads it: a signal frame's may). */
	cur->r[spreg] = cfa;
	valid |= (uint64_t)1 << spreg;
	for (int i = 0; i < ru->nregs; i++) {
		uint64_t bit = (uint64_t)1 << ru->regs[i].reg;

		if (ok & ((uint32_t)1 << i)) {
			cur->r[ru->regs[i].reg] = val[i];
			valid |= bit;
		} else {
			valid &= ~bit;
		}
	}
	if (!(valid & ((uint64_t)1 << ru->ra)))
		return -1;
	if (!(valid & ((uint64_t)1 << spreg)))
		return -1;
	cur->valid = valid;
	cur->pc = cur->r[ru->ra];
	return 0;
}

/*
 * A step by the frame pointer, for a frame without an image: the caller's
 * frame pointer at fp, its return address above it, its stack pointer
 * above that (x86-64 rbp, aarch64 x29).  0, or -1 when they are not in
 * the copy of the stack.
 */
static int
fp_step(struct unw_regs *cur, const uint8_t *stack, size_t len,
    uint64_t base, int spreg)
{
	int fpreg = cur->arch == UNW_X86_64 ? X86_FP : A64_FP;
	uint64_t fp, ra, up;

	if (!(cur->valid & ((uint64_t)1 << fpreg)))
		return -1;
	fp = cur->r[fpreg];
	if (fp < cur->r[spreg] || fp > UINT64_MAX - 16 ||
	    unw_read8(stack, len, base, fp, &up) == -1 ||
	    unw_read8(stack, len, base, fp + 8, &ra) == -1)
		return -1;
	cur->r[fpreg] = up;
	cur->r[spreg] = fp + 16;
	/* What the callee saved elsewhere is not known any more. */
	cur->valid = ((uint64_t)1 << fpreg) | ((uint64_t)1 << spreg);
	cur->pc = cur->arch == UNW_AARCH64 ? ra & A64_VA_MASK : ra;
	return 0;
}

size_t
unw_stack(const struct unw_regs *r, const uint8_t *stack, size_t len,
    unw_lookup_fn lookup, void *ctx, uint64_t *pcs, size_t max)
{
	struct unw_regs cur;
	int spreg = r->arch == UNW_X86_64 ? X86_SP : A64_SP;
	int pcreg = r->arch == UNW_X86_64 ? X86_PC : A64_PC;
	uint64_t base, adj = 0;
	size_t n = 0;

	if (max == 0)
		return 0;
	pcs[n++] = r->pc;
	if (!(r->valid & ((uint64_t)1 << spreg)))
		return n;
	base = r->r[spreg];
	cur = *r;
	while (n < max) {
		uint64_t look = cur.pc - adj, va, sp = cur.r[spreg], pc = cur.pc;
		const struct unw_map *m = lookup(ctx, look);
		const struct unw_rule *ru;

		if (m == NULL)
			break;
		if (m->img == NULL) {
			/*
			 * No image: JIT code (V8's, CPython's perf
			 * trampolines), which keeps the frame pointer, or
			 * a file not readable here, for which the frame
			 * pointer is the best guess left.
			 */
			if (fp_step(&cur, stack, len, base, spreg) == -1)
				break;
			if (cur.r[spreg] <= sp || cur.pc == 0)
				break;
			adj = 1;
			pcs[n++] = cur.pc;
			continue;
		}
		if (look < m->start || look >= m->end ||
		    unw_image_vaddr(m->img, look - m->start + m->pgoff,
		    &va) == -1)
			break;
		if ((ru = unw_rule_find(m->img, va)) == NULL) {
			/*
			 * Code of a file with CFI that has none itself:
			 * crtstuff's __do_global_dtors_aux (the caller of
			 * __cxa_finalize at exit), objects built without
			 * unwind tables.  Such code keeps the frame pointer
			 * or is a leaf; perf's libunwind steps by it too.
			 * The caller found must be code of a mapping, or
			 * the frame pointer was not one: stop there.
			 */
			struct unw_regs next = cur;

			if (fp_step(&next, stack, len, base, spreg) == -1 ||
			    next.r[spreg] <= sp || next.pc == 0 ||
			    lookup(ctx, next.pc - 1) == NULL)
				break;
			cur = next;
			adj = 1;
			pcs[n++] = cur.pc;
			continue;
		}
		/* The pc is a register for expressions (the PLT's CFA). */
		cur.r[pcreg] = cur.pc;
		cur.valid |= (uint64_t)1 << pcreg;
		if (step(ru, &cur, stack, len, base, spreg) == -1)
			break;
		/*
		 * aarch64's pointer authentication signs saved return
		 * addresses in their top bits (DW_CFA_AARCH64_negate_ra_state);
		 * a user-space pc has none.
		 */
		if (r->arch == UNW_AARCH64)
			cur.pc &= A64_VA_MASK;
		if (cur.pc == 0)
			break;
		/*
		 * The stack pointer must grow, or the unwinding could loop;
		 * only a leaf's first step may leave it (aarch64, where the
		 * return address is still in x30).
		 */
		if (cur.r[spreg] < sp || (cur.r[spreg] == sp &&
		    (n > 1 || cur.pc == pc)))
			break;
		adj = ru->signal ? 0 : 1;
		pcs[n++] = cur.pc;
	}
	return n;
}
