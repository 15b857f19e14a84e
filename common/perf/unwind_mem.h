/*
 * unwind_mem.h: the bottom of the unwinder, below unwind.h and the files
 * of unwind_impl.h: the number of registers a frame holds, the
 * bounds-checked read of the stack copy, and the DWARF expression
 * evaluator (unwind_expr.c), which needs nothing else.  Uses only the C
 * library.
 */
#ifndef SP_UNWIND_MEM_H
#define SP_UNWIND_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define UNW_MAXREGS	33	/* DWARF numbers 0..32 (aarch64's pc is 32) */

/*
 * Evaluate a DWARF expression of a CFI rule.  regs/valid are the frame's
 * registers; memory is read only from stack[0..len) at address base.
 * push: start with *out on the stack (DW_CFA_expression).  Returns 0 with
 * the top of the stack in *out, or -1.
 */
int	 unw_eval(const uint8_t *e, size_t n, const uint64_t *regs,
	    uint64_t valid, const uint8_t *stack, size_t len, uint64_t base,
	    int push, uint64_t *out);

/*
 * Read 8 bytes of the stack copy at address a; 0, or -1 outside it.  The
 * copy is in the sampled machine's order, little-endian like this one's.
 */
static inline int
unw_read8(const uint8_t *stack, size_t len, uint64_t base, uint64_t a,
    uint64_t *v)
{
	uint64_t o = a - base;

	if (a < base || o > len || len - o < 8)
		return -1;
	memcpy(v, stack + o, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	*v = __builtin_bswap64(*v);
#endif
	return 0;
}

#endif
