/*
 * dwarf_info.c: the bytes of DWARF (dwarf_impl.h), read through
 * elf/elf_cursor.h's cursor: every DW_FORM (read or skipped exactly, or
 * refused), the strings and addresses a form points at, the abbreviation
 * tables, the unit holding an offset.  dwarf_units.c finds the units and
 * what code each covers.  It uses elf/ and base/.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dwarf/dwarf_impl.h"

/* Step c over n bytes, or mark it bad when fewer are left. */
void
dwarf_skip(struct cur *c, uint64_t n)
{
	if (c->bad || (uint64_t)(c->end - c->p) < n) {
		c->bad = 1;
		return;
	}
	c->p += n;
}

int
dwarf_form(const struct dwarf *d, const struct unit *u, struct cur *c,
    uint16_t form, int64_t implicit, struct fval *v, struct buf *why)
{
	(void)d;
	for (int depth = 0; depth < 4; depth++) {
		v->form = form;
		v->cls = F_OTHER;
		v->u = 0;
		switch (form) {
		case 0x01:	/* addr */
			v->cls = F_ADDR;
			v->u = cur_u(c, u->addr_size);
			return 0;
		case 0x03:	/* block2 */
			dwarf_skip(c, cur_u(c, 2));
			return 0;
		case 0x04:	/* block4 */
			dwarf_skip(c, cur_u(c, 4));
			return 0;
		case 0x05:	/* data2 */
			v->cls = F_CONST;
			v->u = cur_u(c, 2);
			return 0;
		case 0x06:	/* data4 */
			v->cls = F_CONST;
			v->u = cur_u(c, 4);
			return 0;
		case 0x07:	/* data8 */
			v->cls = F_CONST;
			v->u = cur_u(c, 8);
			return 0;
		case 0x08: {	/* string */
			const unsigned char *z;

			if (c->bad || (z = memchr(c->p, '\0',
			    (size_t)(c->end - c->p))) == NULL) {
				c->bad = 1;
				return 0;
			}
			v->cls = F_STR;
			v->s = (const char *)c->p;
			c->p = z + 1;
			return 0;
		}
		case 0x09:	/* block */
		case 0x18:	/* exprloc */
			dwarf_skip(c, cur_uleb(c));
			return 0;
		case 0x0a:	/* block1 */
			dwarf_skip(c, cur_u(c, 1));
			return 0;
		case 0x0b:	/* data1 */
			v->cls = F_CONST;
			v->u = cur_u(c, 1);
			return 0;
		case 0x0c:	/* flag */
			v->cls = F_FLAG;
			v->u = cur_u(c, 1);
			return 0;
		case 0x0d:	/* sdata */
			v->cls = F_SCONST;
			v->u = (uint64_t)cur_sleb(c);
			return 0;
		case 0x0e:	/* strp */
		case 0x1f:	/* line_strp */
			v->cls = F_STRP;
			v->sect = form == 0x0e ? S_STR : S_LINE_STR;
			v->u = cur_u(c, u->offsz);
			return 0;
		case 0x0f:	/* udata */
			v->cls = F_CONST;
			v->u = cur_uleb(c);
			return 0;
		case 0x10:	/* ref_addr */
			v->cls = F_REF;
			v->u = cur_u(c, u->version <= 2 ? u->addr_size :
			    u->offsz);
			return 0;
		case 0x11: case 0x12: case 0x13: case 0x14:	/* ref1..8 */
			v->cls = F_REF;
			v->u = u->off + cur_u(c, form == 0x11 ? 1 :
			    form == 0x12 ? 2 : form == 0x13 ? 4 : 8);
			return 0;
		case 0x15:	/* ref_udata */
			v->cls = F_REF;
			v->u = u->off + cur_uleb(c);
			return 0;
		case 0x16:	/* indirect */
			form = (uint16_t)cur_uleb(c);
			if (c->bad)
				return 0;
			if (form == 0x21 || form == 0x16) {
				buf_adds(why, "DW_FORM_indirect of an "
				    "implicit or indirect form");
				return -1;
			}
			continue;
		case 0x17:	/* sec_offset */
			v->cls = F_SECOFF;
			v->u = cur_u(c, u->offsz);
			return 0;
		case 0x19:	/* flag_present */
			v->cls = F_FLAG;
			v->u = 1;
			return 0;
		case 0x1a:	/* strx */
			v->cls = F_STRX;
			v->u = cur_uleb(c);
			return 0;
		case 0x1b:	/* addrx */
			v->cls = F_ADDRX;
			v->u = cur_uleb(c);
			return 0;
		case 0x1e:	/* data16 */
			dwarf_skip(c, 16);
			return 0;
		case 0x20:	/* ref_sig8 */
			v->cls = F_SIG;
			v->u = cur_u(c, 8);
			return 0;
		case 0x21:	/* implicit_const */
			v->cls = F_SCONST;
			v->u = (uint64_t)implicit;
			return 0;
		case 0x22:	/* loclistx */
			(void)cur_uleb(c);
			return 0;
		case 0x23:	/* rnglistx */
			v->cls = F_RNGLISTX;
			v->u = cur_uleb(c);
			return 0;
		case 0x25: case 0x26: case 0x27: case 0x28:	/* strx1..4 */
			v->cls = F_STRX;
			v->u = cur_u(c, form - 0x24);
			return 0;
		case 0x29: case 0x2a: case 0x2b: case 0x2c:	/* addrx1..4 */
			v->cls = F_ADDRX;
			v->u = cur_u(c, form - 0x28);
			return 0;
		default:
			/*
			 * ref_sup4/8, strp_sup (DWARF 5 supplementary files),
			 * dwz's GNU_ref_alt and GNU_strp_alt, split DWARF's
			 * GNU_addr_index and GNU_str_index, and forms unknown.
			 */
			buf_printf(why, "DW_FORM 0x%x not read in process",
			    (unsigned)form);
			return -1;
		}
	}
	buf_adds(why, "DW_FORM_indirect too deep");
	return -1;
}

int
dwarf_addrx(const struct dwarf *d, const struct unit *u, uint64_t idx,
    uint64_t *addr, struct buf *why)
{
	struct cur c;
	uint64_t off;

	if (!u->has_addr_base || idx > (uint64_t)1 << 40) {
		buf_adds(why, "an address index without DW_AT_addr_base");
		return -1;
	}
	off = u->addr_base + idx * u->addr_size;
	if (off < u->addr_base || off > d->s[S_ADDR].n) {
		buf_adds(why, "an address index past .debug_addr");
		return -1;
	}
	c.p = d->s[S_ADDR].p + off;
	c.end = d->s[S_ADDR].p + d->s[S_ADDR].n;
	c.bad = 0;
	*addr = cur_u(&c, u->addr_size);
	if (c.bad) {
		buf_adds(why, "an address index past .debug_addr");
		return -1;
	}
	return 0;
}

/* The NUL-terminated string at off of section k, or NULL. */
static const char *
sect_str(const struct dwarf *d, int k, uint64_t off)
{
	const struct sect *s = &d->s[k];

	if (s->p == NULL || off >= s->n ||
	    memchr(s->p + off, '\0', (size_t)(s->n - off)) == NULL)
		return NULL;
	return (const char *)s->p + off;
}

const char *
dwarf_str(const struct dwarf *d, const struct unit *u, const struct fval *v,
    struct buf *why)
{
	const char *s = NULL;

	switch (v->cls) {
	case F_STR:
		return v->s;
	case F_STRP:
		s = sect_str(d, v->sect, v->u);
		break;
	case F_STRX: {
		struct cur c;
		uint64_t off;

		if (!u->has_str_offsets_base || v->u > (uint64_t)1 << 40)
			break;
		off = u->str_offsets_base + v->u * u->offsz;
		if (off < u->str_offsets_base || off > d->s[S_STR_OFFSETS].n)
			break;
		c.p = d->s[S_STR_OFFSETS].p + off;
		c.end = d->s[S_STR_OFFSETS].p + d->s[S_STR_OFFSETS].n;
		c.bad = 0;
		off = cur_u(&c, u->offsz);
		if (!c.bad)
			s = sect_str(d, S_STR, off);
		break;
	}
	default:
		buf_adds(why, "a name that is not a string");
		return NULL;
	}
	if (s == NULL)
		buf_adds(why, "a bad string offset");
	return s;
}

static int
by_code(const void *a, const void *b)
{
	const struct abbrev *x = a, *y = b;

	return x->code < y->code ? -1 : x->code > y->code;
}

/* The abbreviation table at off of .debug_abbrev into t. */
int
dwarf_read_abbrevs(const struct dwarf *d, uint64_t off,
    struct abbrev_table *t, struct buf *why)
{
	struct cur c;
	size_t cap = 0, capa = 0;

	t->off = off;
	if (off >= d->s[S_ABBREV].n) {
		buf_adds(why, "an abbreviation offset past .debug_abbrev");
		return -1;
	}
	c.p = d->s[S_ABBREV].p + off;
	c.end = d->s[S_ABBREV].p + d->s[S_ABBREV].n;
	c.bad = 0;
	for (;;) {
		struct abbrev a;

		a.code = cur_uleb(&c);
		if (c.bad || a.code == 0)
			break;
		a.tag = (uint16_t)cur_uleb(&c);
		a.children = (uint8_t)cur_u(&c, 1);
		a.first = (uint32_t)t->nattrs;
		a.nattr = 0;
		for (;;) {
			struct abbrev_attr aa;
			uint64_t at = cur_uleb(&c), form = cur_uleb(&c);

			if (c.bad || (at == 0 && form == 0))
				break;
			if (at > 0xffff || form > 0xffff) {
				c.bad = 1;
				break;
			}
			aa.at = (uint16_t)at;
			aa.form = (uint16_t)form;
			aa.implicit = form == 0x21 ? cur_sleb(&c) : 0;
			if (t->nattrs == capa) {
				capa = capa ? capa * 2 : 64;
				t->attrs = xreallocarray(t->attrs, capa,
				    sizeof(*t->attrs));
			}
			t->attrs[t->nattrs++] = aa;
			a.nattr++;
		}
		if (t->n == cap) {
			cap = cap ? cap * 2 : 32;
			t->v = xreallocarray(t->v, cap, sizeof(*t->v));
		}
		t->v[t->n++] = a;
	}
	if (c.bad) {
		buf_adds(why, "a malformed .debug_abbrev");
		return -1;
	}
	if (t->n > 0)
		qsort(t->v, t->n, sizeof(*t->v), by_code);
	for (size_t i = 1; i < t->n; i++)
		if (t->v[i].code == t->v[i - 1].code) {
			buf_adds(why, "an abbreviation code twice");
			return -1;
		}
	return 0;
}

const struct abbrev *
dwarf_abbrev(const struct unit *u, uint64_t code)
{
	const struct abbrev_table *t = u->abbrevs;
	struct abbrev key;

	if (code - 1 < t->n && t->v[code - 1].code == code)
		return &t->v[code - 1];
	if (t->n == 0)
		return NULL;
	key.code = code;
	return bsearch(&key, t->v, t->n, sizeof(*t->v), by_code);
}

struct unit *
dwarf_unit_at(const struct dwarf *d, uint64_t off)
{
	size_t lo = 0, hi = d->nunits;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->units[mid].end <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < d->nunits && d->units[lo].die <= off &&
	    off < d->units[lo].end)
		return &d->units[lo];
	return NULL;
}
