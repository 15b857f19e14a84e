/*
 * unwind_cfi.c: the call-frame information of an image (unwind_impl.h):
 * finding the FDE that covers an address, parsing it and its CIE
 * (.eh_frame's or .debug_frame's layout, pointer encodings, augmentations
 * 'z', 'R', 'P', 'L', 'S'), and running the CIE's and FDE's CFA programs
 * up to the address into one row, compiled into a struct unw_rule and
 * remembered per address.
 *
 * The FDE is found by .eh_frame_hdr's sorted table when the image has the
 * usual one, else by a table made once by scanning the section and
 * sorting.  Every read is bounds-checked through elf/elf_cursor.h's
 * struct cur: a malformed entry gives no rule for the address (the
 * unwinding stops there).
 */
#include <stdlib.h>
#include <string.h>

#include "perf/unwind_impl.h"
#include "elf/elf_cursor.h"
#include "base/util.h"

/*
 * A pointer in encoding enc (DW_EH_PE_*), its field in section s.  The
 * applications supported are absolute and pc-relative (what gcc, clang
 * and the linkers write); others set bad.
 */
static uint64_t
rd_ptr(struct cur *r, uint8_t enc, const struct unw_sect *s)
{
	uint64_t field = s->vaddr + (uint64_t)(r->p - s->p), v;

	if (enc == 0xff) {	/* DW_EH_PE_omit */
		r->bad = 1;
		return 0;
	}
	switch (enc & 0x0f) {
	case 0x00: v = cur_u(r, 8); break;
	case 0x01: v = cur_uleb(r); break;
	case 0x02: v = cur_u(r, 2); break;
	case 0x03: v = cur_u(r, 4); break;
	case 0x04: v = cur_u(r, 8); break;
	case 0x09: v = (uint64_t)cur_sleb(r); break;
	case 0x0a: v = (uint64_t)(int64_t)(int16_t)cur_u(r, 2); break;
	case 0x0b: v = (uint64_t)(int64_t)(int32_t)cur_u(r, 4); break;
	case 0x0c: v = cur_u(r, 8); break;
	default: r->bad = 1; return 0;
	}
	switch (enc & 0x70) {
	case 0x00: break;
	case 0x10: v += field; break;
	default: r->bad = 1; return 0;
	}
	return v;
}

struct cie {
	uint64_t code_align, ra;
	int64_t	 data_align;
	uint8_t	 fde_enc;
	int	 z, signal;
	const uint8_t *ins, *ins_end;
};

struct fde {
	uint64_t lo, hi;
	const uint8_t *ins, *ins_end;
	struct cie cie;
};

/*
 * The entry at off in s: its length and id.  Returns 0 with *body (after
 * the id), *end (the entry's end) and *id set, or -1 (past the end, a
 * zero terminator, malformed).
 */
static int
entry_at(const struct unw_sect *s, size_t off, int debug,
    const uint8_t **body, const uint8_t **end, uint64_t *id, int *is_cie)
{
	struct cur r = { s->p + off, s->p + s->n, 0 };
	uint64_t len;
	int l64 = 0;

	if (off >= s->n)
		return -1;
	len = cur_u(&r, 4);
	if (len == 0xffffffff) {
		len = cur_u(&r, 8);
		l64 = 1;
	}
	if (r.bad || len == 0 || len > (uint64_t)(r.end - r.p))
		return -1;
	*end = r.p + len;
	r.end = *end;
	/* .eh_frame's CIE pointer is 4 bytes even in a 64-bit entry. */
	*id = cur_u(&r, debug && l64 ? 8 : 4);
	if (r.bad)
		return -1;
	*body = r.p;
	if (debug)
		*is_cie = *id == (l64 ? UINT64_MAX : 0xffffffff);
	else
		*is_cie = *id == 0;
	return 0;
}

static int
parse_cie(const struct unw_sect *s, int debug, const uint8_t *body,
    const uint8_t *end, struct cie *c)
{
	struct cur r = { body, end, 0 };
	const char *aug;
	size_t alen;
	uint8_t ver;

	memset(c, 0, sizeof(*c));
	ver = (uint8_t)cur_u(&r, 1);
	if (r.bad || (ver != 1 && ver != 3 && ver != 4))
		return -1;
	aug = (const char *)r.p;
	alen = strnlen(aug, (size_t)(end - r.p));
	if (alen == (size_t)(end - r.p))
		return -1;
	r.p += alen + 1;
	if (ver == 4) {
		uint8_t asz = (uint8_t)cur_u(&r, 1), ssz = (uint8_t)cur_u(&r, 1);

		if (asz != 8 || ssz != 0)
			return -1;
	}
	c->code_align = cur_uleb(&r);
	c->data_align = cur_sleb(&r);
	c->ra = ver == 1 ? cur_u(&r, 1) : cur_uleb(&r);
	c->fde_enc = 0;		/* absolute, 8 bytes */
	if (aug[0] == 'z') {
		uint64_t n = cur_uleb(&r);
		struct cur a;

		if (r.bad || n > (uint64_t)(end - r.p))
			return -1;
		a.p = r.p;
		a.end = r.p + n;
		a.bad = 0;
		c->z = 1;
		for (size_t i = 1; i < alen && !a.bad; i++) {
			switch (aug[i]) {
			case 'R':
				c->fde_enc = (uint8_t)cur_u(&a, 1);
				break;
			case 'P': {
				uint8_t enc = (uint8_t)cur_u(&a, 1);

				(void)rd_ptr(&a, enc & 0x7f, s);
				break;
			}
			case 'L':
				(void)cur_u(&a, 1);
				break;
			case 'S':
				c->signal = 1;
				break;
			case 'B': case 'G':	/* aarch64 BTI, MTE */
				break;
			default:	/* unknown: the rest is skipped by 'z' */
				i = alen;
				break;
			}
		}
		if (a.bad)
			return -1;
		r.p += n;
	} else if (alen != 0) {
		return -1;	/* "eh" and others: unknown layout */
	}
	if (r.bad || c->code_align == 0)
		return -1;
	(void)debug;
	c->ins = r.p;
	c->ins_end = end;
	return 0;
}

/* Parse the FDE at off in s (and its CIE); 0, or -1. */
static int
parse_fde(const struct unw_sect *s, int debug, size_t off, struct fde *f)
{
	const uint8_t *body, *end, *cbody, *cend;
	uint64_t id, cid;
	size_t coff;
	int is_cie;
	struct cur r;

	if (entry_at(s, off, debug, &body, &end, &id, &is_cie) == -1 ||
	    is_cie)
		return -1;
	if (debug) {
		coff = (size_t)id;
		if (id >= s->n)
			return -1;
	} else {
		/* The CIE pointer counts back from the field itself. */
		size_t field = (size_t)(body - s->p) - 4;

		if (id > field)
			return -1;
		coff = field - (size_t)id;
	}
	if (entry_at(s, coff, debug, &cbody, &cend, &cid, &is_cie) == -1 ||
	    !is_cie || parse_cie(s, debug, cbody, cend, &f->cie) == -1)
		return -1;
	r.p = body;
	r.end = end;
	r.bad = 0;
	f->lo = rd_ptr(&r, f->cie.fde_enc, s);
	f->hi = rd_ptr(&r, f->cie.fde_enc & 0x0f, s);
	if (f->cie.z) {
		uint64_t n = cur_uleb(&r);

		if (r.bad || n > (uint64_t)(end - r.p))
			return -1;
		r.p += n;
	}
	if (r.bad)
		return -1;
	f->hi += f->lo;
	if (f->hi < f->lo)
		return -1;
	f->ins = r.p;
	f->ins_end = end;
	return 0;
}

static int
ent_cmp(const void *a, const void *b)
{
	const struct unw_fdeent *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Scan a section's FDEs into a sorted table. */
static void
scan(const struct unw_sect *s, int debug, struct unw_fdeent **tabp,
    size_t *np)
{
	struct unw_fdeent *tab = NULL;
	size_t n = 0, cap = 0, off = 0;

	while (s->p != NULL && off < s->n) {
		const uint8_t *body, *end;
		uint64_t id;
		int is_cie;
		struct fde f;

		if (entry_at(s, off, debug, &body, &end, &id, &is_cie) == -1)
			break;
		if (!is_cie && parse_fde(s, debug, off, &f) == 0 &&
		    f.hi > f.lo) {
			xgrow(&tab, &cap, n + 1, sizeof(*tab));
			tab[n].lo = f.lo;
			tab[n].hi = f.hi;
			tab[n].off = off;
			n++;
		}
		off = (size_t)(end - s->p);
	}
	if (n > 1)
		qsort(tab, n, sizeof(*tab), ent_cmp);
	*tabp = tab;
	*np = n;
}

/* In a sorted table: the FDE offset of the last entry with lo <= pc. */
static int
tab_find(const struct unw_fdeent *t, size_t n, uint64_t pc, size_t *off)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t[mid].lo <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	/* Overlapping entries are rare; the nearest start is enough. */
	if (pc >= t[lo - 1].hi)
		return -1;
	*off = t[lo - 1].off;
	return 0;
}

/* The FDE covering pc in .eh_frame, by .eh_frame_hdr or a scan. */
static int
find_eh(struct unw_image *im, uint64_t pc, struct fde *f)
{
	size_t off;

	if (im->eh.p == NULL)
		return -1;
	if (im->tab != NULL) {
		size_t lo = 0, hi = im->ntab;
		uint64_t fa;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			const uint8_t *e = im->tab + 8 * mid;
			int32_t loc = (int32_t)((uint32_t)e[0] |
			    (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 |
			    (uint32_t)e[3] << 24);

			if (im->hdr.vaddr + (uint64_t)(int64_t)loc <= pc)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == 0)
			return -1;
		{
			const uint8_t *e = im->tab + 8 * (lo - 1) + 4;
			int32_t a = (int32_t)((uint32_t)e[0] |
			    (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 |
			    (uint32_t)e[3] << 24);

			fa = im->hdr.vaddr + (uint64_t)(int64_t)a;
		}
		if (fa < im->eh.vaddr || fa - im->eh.vaddr >= im->eh.n)
			return -1;
		off = (size_t)(fa - im->eh.vaddr);
	} else {
		if (!im->eh_scanned) {
			scan(&im->eh, 0, &im->ehtab, &im->nehtab);
			im->eh_scanned = 1;
		}
		if (tab_find(im->ehtab, im->nehtab, pc, &off) == -1)
			return -1;
	}
	if (parse_fde(&im->eh, 0, off, f) == -1 || pc < f->lo || pc >= f->hi)
		return -1;
	return 0;
}

static int
find_dbg(struct unw_image *im, uint64_t pc, struct fde *f)
{
	size_t off;

	unw_image_load_debug(im);
	if (im->dbg.p == NULL)
		return -1;
	if (!im->dbg_scanned) {
		scan(&im->dbg, 1, &im->dbgtab, &im->ndbgtab);
		im->dbg_scanned = 1;
	}
	if (tab_find(im->dbgtab, im->ndbgtab, pc, &off) == -1)
		return -1;
	if (parse_fde(&im->dbg, 1, off, f) == -1 || pc < f->lo || pc >= f->hi)
		return -1;
	return 0;
}

/* One row of the CFA table while its program runs. */
struct reg {
	const uint8_t *e;
	int64_t	 v;
	size_t	 len;
	uint8_t	 kind;
};

struct row {
	uint8_t	 cfa_kind, cfa_reg;
	int64_t	 cfa_off;
	const uint8_t *cfa_e;
	size_t	 cfa_len;
	struct reg r[UNW_MAXREGS];
};

#define STATE_DEPTH	16

/* A factored offset, wrapping as the addresses it is added to do. */
static int64_t
wrapmul(uint64_t v, int64_t align)
{
	return (int64_t)(v * (uint64_t)align);
}

/*
 * Run the instructions [p, end) from location loc, stopping at the first
 * row past pc.  init is the CIE's row, for DW_CFA_restore (NULL while the
 * CIE's own instructions run).  Returns 0, or -1 on a malformed program.
 */
static int
run_cfa_program(const struct cie *c, const struct unw_sect *s,
    const uint8_t *p, const uint8_t *end, uint64_t loc, uint64_t pc,
    struct row *row, const struct row *init)
{
	struct cur r = { p, end, 0 };
	struct row *stack = NULL;
	int depth = 0, st = -1;

	while (r.p < r.end && !r.bad) {
		uint8_t op = (uint8_t)cur_u(&r, 1), lo = op & 0x3f;
		uint64_t reg = UINT64_MAX, delta = 0;
		int64_t off = 0;
		int advance = 0;

		switch (op >> 6) {
		case 1:
			delta = lo * c->code_align;
			advance = 1;
			break;
		case 2:
			reg = lo;
			off = wrapmul(cur_uleb(&r), c->data_align);
			if (reg < UNW_MAXREGS) {
				row->r[reg].kind = UR_OFFSET;
				row->r[reg].v = off;
			}
			continue;
		case 3:
			reg = lo;
			if (init == NULL)
				goto out;
			if (reg < UNW_MAXREGS)
				row->r[reg] = init->r[reg];
			continue;
		}
		if (advance) {
			if (delta > UINT64_MAX - loc || loc + delta > pc)
				break;
			loc += delta;
			continue;
		}
		switch (op) {
		case 0x00:	/* nop */
			break;
		case 0x01: {	/* set_loc */
			uint64_t nl = rd_ptr(&r, c->fde_enc, s);

			if (r.bad)
				goto out;
			if (nl > pc)
				goto done;
			loc = nl;
			break;
		}
		case 0x02: case 0x03: case 0x04:	/* advance_loc1/2/4 */
			delta = cur_u(&r, op == 0x02 ? 1 : op == 0x03 ? 2 : 4);
			if (r.bad)
				goto out;
			delta *= c->code_align;
			if (delta > UINT64_MAX - loc || loc + delta > pc)
				goto done;
			loc += delta;
			break;
		case 0x05: case 0x11: case 0x14: case 0x15: case 0x2f:
			/* offset_extended(_sf), val_offset(_sf),
			 * GNU_negative_offset_extended */
			reg = cur_uleb(&r);
			if (op == 0x11 || op == 0x15)
				off = wrapmul((uint64_t)cur_sleb(&r),
				    c->data_align);
			else
				off = wrapmul(cur_uleb(&r), c->data_align);
			if (op == 0x2f)
				off = (int64_t)(0 - (uint64_t)off);
			if (reg < UNW_MAXREGS) {
				row->r[reg].kind = op == 0x14 || op == 0x15 ?
				    UR_VAL_OFFSET : UR_OFFSET;
				row->r[reg].v = off;
			}
			break;
		case 0x06:	/* restore_extended */
			reg = cur_uleb(&r);
			if (init == NULL)
				goto out;
			if (reg < UNW_MAXREGS)
				row->r[reg] = init->r[reg];
			break;
		case 0x07: case 0x08:	/* undefined, same_value */
			reg = cur_uleb(&r);
			if (reg < UNW_MAXREGS) {
				row->r[reg].kind = op == 0x07 ? UR_UNDEF :
				    UR_SAME;
			}
			break;
		case 0x09: {	/* register */
			uint64_t r2;

			reg = cur_uleb(&r);
			r2 = cur_uleb(&r);
			if (reg < UNW_MAXREGS) {
				row->r[reg].kind = r2 < UNW_MAXREGS ? UR_REG :
				    UR_UNDEF;
				row->r[reg].v = (int64_t)r2;
			}
			break;
		}
		case 0x0a:	/* remember_state */
			if (depth == STATE_DEPTH)
				goto out;
			if (stack == NULL)
				stack = xreallocarray(NULL, STATE_DEPTH,
				    sizeof(*stack));
			stack[depth++] = *row;
			break;
		case 0x0b:	/* restore_state */
			if (depth == 0)
				goto out;
			/* The CFA rule too, as libgcc and libunwind do:
			 * gcc's mid-function epilogues rely on it. */
			*row = stack[--depth];
			break;
		case 0x0c: case 0x12:	/* def_cfa, def_cfa_sf */
			reg = cur_uleb(&r);
			off = op == 0x0c ? (int64_t)cur_uleb(&r) :
			    wrapmul((uint64_t)cur_sleb(&r), c->data_align);
			row->cfa_kind = reg < UNW_MAXREGS ? CFA_REG : CFA_NONE;
			row->cfa_reg = (uint8_t)reg;
			row->cfa_off = off;
			break;
		case 0x0d:	/* def_cfa_register */
			reg = cur_uleb(&r);
			if (row->cfa_kind != CFA_REG && row->cfa_kind !=
			    CFA_NONE)
				goto out;
			row->cfa_kind = reg < UNW_MAXREGS ? CFA_REG : CFA_NONE;
			row->cfa_reg = (uint8_t)reg;
			break;
		case 0x0e: case 0x13:	/* def_cfa_offset(_sf) */
			off = op == 0x0e ? (int64_t)cur_uleb(&r) :
			    wrapmul((uint64_t)cur_sleb(&r), c->data_align);
			if (row->cfa_kind == CFA_EXPR)
				goto out;
			row->cfa_off = off;
			break;
		case 0x0f: {	/* def_cfa_expression */
			uint64_t n = cur_uleb(&r);

			if (r.bad || n > (uint64_t)(r.end - r.p) || n > 0xffff)
				goto out;
			row->cfa_kind = CFA_EXPR;
			row->cfa_e = r.p;
			row->cfa_len = (size_t)n;
			r.p += n;
			break;
		}
		case 0x10: case 0x16: {	/* expression, val_expression */
			uint64_t n;

			reg = cur_uleb(&r);
			n = cur_uleb(&r);
			if (r.bad || n > (uint64_t)(r.end - r.p) || n > 0xffff)
				goto out;
			if (reg < UNW_MAXREGS) {
				row->r[reg].kind = op == 0x10 ? UR_EXPR :
				    UR_VAL_EXPR;
				row->r[reg].e = r.p;
				row->r[reg].len = (size_t)n;
			}
			r.p += n;
			break;
		}
		case 0x2e:	/* GNU_args_size: nothing for unwinding */
			(void)cur_uleb(&r);
			break;
		case 0x2d:	/* GNU_window_save / aarch64 negate_ra_state */
			break;
		default:
			goto out;
		}
	}
done:
	st = r.bad ? -1 : 0;
out:
	free(stack);
	return st;
}

/*
 * Work out the rule at pc, at the end of the image's pool.  Returns its
 * offset + 1, or 0 when there is none.
 */
static uint64_t
compile(struct unw_image *im, uint64_t pc)
{
	struct fde f;
	const struct unw_sect *s = &im->eh;
	struct row init, row;
	struct unw_rule *ru;
	size_t at;

	if (find_eh(im, pc, &f) == -1) {
		if (find_dbg(im, pc, &f) == -1)
			return 0;
		s = &im->dbg;
	}
	if (f.cie.ra >= UNW_MAXREGS)
		return 0;
	memset(&init, 0, sizeof(init));
	if (run_cfa_program(&f.cie, s, f.cie.ins, f.cie.ins_end, 0,
	    UINT64_MAX, &init, NULL) == -1)
		return 0;
	row = init;
	if (run_cfa_program(&f.cie, s, f.ins, f.ins_end, f.lo, pc, &row,
	    &init) == -1)
		return 0;
	if (row.cfa_kind == CFA_NONE)
		return 0;
	at = im->pool_n;
	xgrow(&im->pool, &im->pool_cap, at + sizeof(*ru) +
	    UNW_RULE_REGS * sizeof(ru->regs[0]), 1);
	ru = (struct unw_rule *)(void *)(im->pool + at);
	ru->sec = s->p;
	ru->cfa_kind = row.cfa_kind;
	ru->cfa_reg = row.cfa_reg;
	ru->cfa_off = row.cfa_kind == CFA_EXPR ? row.cfa_e - s->p :
	    row.cfa_off;
	ru->cfa_len = (uint16_t)row.cfa_len;
	ru->ra = (uint8_t)f.cie.ra;
	ru->signal = (uint8_t)f.cie.signal;
	ru->nregs = 0;
	for (int i = 0; i < UNW_MAXREGS; i++) {
		struct unw_rreg *o;
		int ex = row.r[i].kind == UR_EXPR ||
		    row.r[i].kind == UR_VAL_EXPR;

		if (row.r[i].kind == UR_SAME)
			continue;
		if (ru->nregs == UNW_RULE_REGS)
			return 0;
		o = &ru->regs[ru->nregs++];
		o->reg = (uint8_t)i;
		o->kind = row.r[i].kind;
		o->v = ex ? row.r[i].e - s->p : row.r[i].v;
		o->len = (uint16_t)row.r[i].len;
	}
	im->pool_n = at + sizeof(*ru) + ru->nregs * sizeof(ru->regs[0]);
	return at + 1;
}

static uint64_t
hash(uint64_t k)
{
	k *= 0x9e3779b97f4a7c15ull;
	return k ^ (k >> 29);
}

static void
memo_grow(struct unw_image *im)
{
	size_t ncap = im->memo_cap ? im->memo_cap * 2 : 64;
	struct unw_memo *nm = xcalloc(ncap, sizeof(*nm));

	for (size_t i = 0; i < im->memo_cap; i++) {
		const struct unw_memo *o = &im->memo[i];
		size_t j;

		if (o->key == 0)
			continue;
		for (j = hash(o->key) & (ncap - 1); nm[j].key != 0;
		    j = (j + 1) & (ncap - 1))
			;
		nm[j] = *o;
	}
	free(im->memo);
	im->memo = nm;
	im->memo_cap = ncap;
}

const struct unw_rule *
unw_rule_find(struct unw_image *im, uint64_t vaddr)
{
	uint64_t key = vaddr + 1, at;
	size_t j;

	if (key == 0)
		return NULL;
	if (im->memo_cap != 0) {
		for (j = hash(key) & (im->memo_cap - 1); im->memo[j].key != 0;
		    j = (j + 1) & (im->memo_cap - 1)) {
			if (im->memo[j].key == key) {
				im->hits++;
				at = im->memo[j].at;
				return at == 0 ? NULL : (const struct unw_rule *)
				    (const void *)(im->pool + at - 1);
			}
		}
	}
	im->misses++;
	if (2 * (im->memo_n + 1) > im->memo_cap)
		memo_grow(im);
	at = compile(im, vaddr);
	for (j = hash(key) & (im->memo_cap - 1); im->memo[j].key != 0;
	    j = (j + 1) & (im->memo_cap - 1))
		;
	im->memo[j].key = key;
	im->memo[j].at = at;
	im->memo_n++;
	return at == 0 ? NULL :
	    (const struct unw_rule *)(const void *)(im->pool + at - 1);
}

void
unw_image_stats(const struct unw_image *im, uint64_t *rules, uint64_t *hits)
{
	*rules = im->misses;
	*hits = im->hits;
}
