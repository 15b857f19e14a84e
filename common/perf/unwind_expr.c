/*
 * unwind_expr.c: the DWARF expressions of call-frame rules (unwind_mem.h):
 * what glibc's and gcc's CFI use (the PLT's CFA, a realigned main's
 * DW_OP_breg + DW_OP_deref, the signal trampoline's register slots) and
 * the rest of the stack machine that needs no debug info.  Memory is the
 * stack copy only, every read bounds-checked; the number of operations is
 * capped, so a branch back cannot loop forever.  The operands are read
 * by elf/elf_cursor.h's cursor.
 */
#include "perf/unwind_mem.h"
#include "elf/elf_cursor.h"

#define EXPR_STACK	64
#define EXPR_STEPS	1000

int
unw_eval(const uint8_t *e, size_t n, const uint64_t *regs, uint64_t valid,
    const uint8_t *stack, size_t len, uint64_t base, int push, uint64_t *out)
{
	uint64_t st[EXPR_STACK];
	struct cur x = { e, e + n, 0 };
	int sp = 0, steps = 0;

#define NEED(k)	do { if (sp < (k)) return -1; } while (0)
#define PUSH(v)	do { uint64_t v_ = (v); if (sp == EXPR_STACK) return -1; \
	st[sp++] = v_; } while (0)
	if (push)
		st[sp++] = *out;
	while (x.p < x.end) {
		uint8_t op = *x.p++;
		uint64_t a, b, reg;
		int64_t off;

		if (++steps > EXPR_STEPS)
			return -1;
		if (op >= 0x30 && op <= 0x4f) {		/* lit0..31 */
			PUSH((uint64_t)(op - 0x30));
			continue;
		}
		if (op >= 0x70 && op <= 0x8f) {		/* breg0..31 */
			reg = op - 0x70;
			off = cur_sleb(&x);
			if (x.bad || reg >= UNW_MAXREGS ||
			    !(valid & ((uint64_t)1 << reg)))
				return -1;
			PUSH(regs[reg] + (uint64_t)off);
			continue;
		}
		switch (op) {
		case 0x03:	/* addr: a link-time address; not relocated */
			return -1;
		case 0x06:	/* deref */
			NEED(1);
			if (unw_read8(stack, len, base, st[sp - 1], &a) == -1)
				return -1;
			st[sp - 1] = a;
			break;
		case 0x94: {	/* deref_size */
			uint64_t sz = cur_u(&x, 1);

			NEED(1);
			if (x.bad || sz == 0 || sz > 8 ||
			    unw_read8(stack, len, base, st[sp - 1], &a) == -1) {
				/* Near the end of the copy: read byte-wise. */
				uint64_t o = st[sp - 1] - base;

				if (x.bad || sz == 0 || sz > 8 ||
				    st[sp - 1] < base || o > len ||
				    len - o < sz)
					return -1;
				a = 0;
				for (uint64_t i = 0; i < sz; i++)
					a |= (uint64_t)stack[o + i] << (8 * i);
			}
			if (sz < 8)
				a &= ((uint64_t)1 << (8 * sz)) - 1;
			st[sp - 1] = a;
			break;
		}
		case 0x08: PUSH(cur_u(&x, 1)); break;
		case 0x09: PUSH((uint64_t)(int64_t)(int8_t)cur_u(&x, 1)); break;
		case 0x0a: PUSH(cur_u(&x, 2)); break;
		case 0x0b: PUSH((uint64_t)(int64_t)(int16_t)cur_u(&x, 2)); break;
		case 0x0c: PUSH(cur_u(&x, 4)); break;
		case 0x0d: PUSH((uint64_t)(int64_t)(int32_t)cur_u(&x, 4)); break;
		case 0x0e: case 0x0f: PUSH(cur_u(&x, 8)); break;
		case 0x10: PUSH(cur_uleb(&x)); break;
		case 0x11: PUSH((uint64_t)cur_sleb(&x)); break;
		case 0x12:	/* dup */
			NEED(1);
			PUSH(st[sp - 1]);
			break;
		case 0x13:	/* drop */
			NEED(1);
			sp--;
			break;
		case 0x14:	/* over */
			NEED(2);
			PUSH(st[sp - 2]);
			break;
		case 0x15:	/* pick */
			a = cur_u(&x, 1);
			if (x.bad || a >= (uint64_t)sp)
				return -1;
			PUSH(st[sp - 1 - (int)a]);
			break;
		case 0x16:	/* swap */
			NEED(2);
			a = st[sp - 1];
			st[sp - 1] = st[sp - 2];
			st[sp - 2] = a;
			break;
		case 0x17:	/* rot */
			NEED(3);
			a = st[sp - 1];
			st[sp - 1] = st[sp - 2];
			st[sp - 2] = st[sp - 3];
			st[sp - 3] = a;
			break;
		case 0x19:	/* abs */
			NEED(1);
			if ((int64_t)st[sp - 1] < 0)
				st[sp - 1] = 0 - st[sp - 1];
			break;
		case 0x1f:	/* neg */
			NEED(1);
			st[sp - 1] = 0 - st[sp - 1];
			break;
		case 0x20:	/* not */
			NEED(1);
			st[sp - 1] = ~st[sp - 1];
			break;
		case 0x23:	/* plus_uconst */
			NEED(1);
			st[sp - 1] += cur_uleb(&x);
			break;
		case 0x1a: case 0x1b: case 0x1c: case 0x1d: case 0x1e:
		case 0x21: case 0x22: case 0x24: case 0x25: case 0x26:
		case 0x27: case 0x29: case 0x2a: case 0x2b: case 0x2c:
		case 0x2d: case 0x2e:
			NEED(2);
			b = st[--sp];
			a = st[sp - 1];
			switch (op) {
			case 0x1a: a &= b; break;
			case 0x1b:	/* div, signed */
				if (b == 0 || ((int64_t)a == INT64_MIN &&
				    (int64_t)b == -1))
					return -1;
				a = (uint64_t)((int64_t)a / (int64_t)b);
				break;
			case 0x1c: a -= b; break;
			case 0x1d:
				if (b == 0)
					return -1;
				a %= b;
				break;
			case 0x1e: a *= b; break;
			case 0x21: a |= b; break;
			case 0x22: a += b; break;
			case 0x24: a = b >= 64 ? 0 : a << b; break;
			case 0x25: a = b >= 64 ? 0 : a >> b; break;
			case 0x26:
				a = (uint64_t)((int64_t)a >> (b >= 64 ? 63 : b));
				break;
			case 0x27: a ^= b; break;
			case 0x29: a = a == b; break;
			case 0x2a: a = (int64_t)a >= (int64_t)b; break;
			case 0x2b: a = (int64_t)a > (int64_t)b; break;
			case 0x2c: a = (int64_t)a <= (int64_t)b; break;
			case 0x2d: a = (int64_t)a < (int64_t)b; break;
			case 0x2e: a = a != b; break;
			}
			st[sp - 1] = a;
			break;
		case 0x28: case 0x2f:	/* bra, skip */
			off = (int16_t)cur_u(&x, 2);
			if (x.bad)
				return -1;
			if (op == 0x28) {
				NEED(1);
				if (st[--sp] == 0)
					break;
			}
			if (off < e - x.p || off > x.end - x.p)
				return -1;
			x.p += off;
			break;
		case 0x92:	/* bregx */
			reg = cur_uleb(&x);
			off = cur_sleb(&x);
			if (x.bad || reg >= UNW_MAXREGS ||
			    !(valid & ((uint64_t)1 << reg)))
				return -1;
			PUSH(regs[reg] + (uint64_t)off);
			break;
		case 0x96:	/* nop */
			break;
		default:
			return -1;
		}
		if (x.bad)
			return -1;
	}
	if (x.bad || sp == 0)
		return -1;
	*out = st[sp - 1];
	return 0;
#undef NEED
#undef PUSH
}
