/*
 * elf_cursor.h: a bounded cursor over bytes of an ELF file or a section:
 * little-endian numbers of 1 to 8 bytes and LEB128 numbers.  Any read
 * past the end, or a LEB128 number that does not fit in 64 bits, sets bad
 * and gives 0; once bad, every read gives 0, so a reader may read a whole
 * record and check bad once.  The DWARF reader (dwarf/) and the unwinder's
 * CFI and expressions (perf/) read through it.  It uses nothing.
 *
 * The LEB128 rule: a number is read to its last byte however long it is
 * (producers may pad with 0x80 bytes), but every bit past the 64th must
 * be what the 64-bit value implies: 0 for an unsigned one, the sign bit
 * for a signed one.  A bit that would be dropped makes the number bad
 * rather than silently wrong.
 */
#ifndef SP_ELF_CURSOR_H
#define SP_ELF_CURSOR_H

#include <stddef.h>
#include <stdint.h>

struct cur {
	const unsigned char *p, *end;
	int	 bad;
};

/* n bytes (1 to 8), little-endian. */
static inline uint64_t
cur_u(struct cur *c, int n)
{
	uint64_t v = 0;

	if (c->bad || (size_t)(c->end - c->p) < (size_t)n) {
		c->bad = 1;
		return 0;
	}
	for (int i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

/* A LEB128 number, signed or not, by the rule above. */
static inline uint64_t
cur_leb(struct cur *c, int sgn)
{
	uint64_t v = 0;
	int shift = 0;

	for (;;) {
		unsigned char b, fill;

		if (c->bad || c->p >= c->end) {
			c->bad = 1;
			return 0;
		}
		b = *c->p++;
		if (shift < 64) {
			/*
			 * At bit 63 only the byte's lowest bit fits: the
			 * others must be 0 or, signed, repeat it.
			 */
			if (shift == 63 && (b & 0x7e) != 0 &&
			    (!sgn || (b & 0x7f) != 0x7f))
				c->bad = 1;
			v |= (uint64_t)(b & 0x7f) << shift;
			shift += 7;
		} else {
			fill = sgn && (v >> 63) ? 0x7f : 0;
			if ((b & 0x7f) != fill)
				c->bad = 1;
		}
		if (!(b & 0x80)) {
			if (c->bad)
				return 0;
			if (sgn && shift < 64 && (b & 0x40))
				v |= ~(uint64_t)0 << shift;
			return v;
		}
	}
}

static inline uint64_t
cur_uleb(struct cur *c)
{
	return cur_leb(c, 0);
}

static inline int64_t
cur_sleb(struct cur *c)
{
	return (int64_t)cur_leb(c, 1);
}

#endif
