/*
 * dwarf_units.c: a DWARF file's units (dwarf_impl.h): their headers read,
 * each unit DIE's address ranges (low/high pc, .debug_ranges,
 * .debug_rnglists, as llvm's DWARFDie::getAddressRanges gives them), and
 * the segments of code each unit covers, made as llvm's DWARFDebugAranges
 * makes them (.debug_aranges where it names a unit, else the unit DIE's
 * ranges).  A unit's abbreviation table and DIE are read only when needed
 * (dwarf_unit_ready): for the units .debug_aranges leaves out, and for
 * those an address or a reference leads into.  Reading all of them at
 * open was a third of a cold sp-symbolize of a program that calls libc
 * (its debug file: 4,126 units, 1 MB of abbreviations).  The bytes are
 * read by dwarf_info.c.  It uses elf/ and base/.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dwarf/dwarf_impl.h"

static void
add_range(struct range **r, size_t *n, size_t *cap, uint64_t lo, uint64_t hi)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		*r = xreallocarray(*r, *cap, sizeof(**r));
	}
	(*r)[*n].lo = lo;
	(*r)[*n].hi = hi;
	(*n)++;
}

/* A DWARF 2-4 range list at off of .debug_ranges. */
static int
ranges_v4(const struct dwarf *d, const struct unit *u, uint64_t off,
    struct range **r, size_t *n, size_t *cap, struct buf *why)
{
	uint64_t base = u->base, sel = ~(uint64_t)0;
	int has_base = u->has_base;
	struct cur c;

	if (u->addr_size != 8 || off >= d->s[S_RANGES].n) {
		buf_adds(why, "a range list past .debug_ranges");
		return -1;
	}
	c.p = d->s[S_RANGES].p + off;
	c.end = d->s[S_RANGES].p + d->s[S_RANGES].n;
	c.bad = 0;
	for (size_t k = 0; k < 1u << 24; k++) {
		uint64_t a = cur_u(&c, 8), b = cur_u(&c, 8);

		if (c.bad)
			break;
		if (a == 0 && b == 0)
			return 0;
		if (a == sel) {
			base = b;
			has_base = 1;
			continue;
		}
		if (has_base) {
			a += base;
			b += base;
		}
		add_range(r, n, cap, a, b);
	}
	buf_adds(why, "a malformed .debug_ranges");
	return -1;
}

/* A DWARF 5 range list at off of .debug_rnglists. */
static int
rnglist(const struct dwarf *d, const struct unit *u, uint64_t off,
    struct range **r, size_t *n, size_t *cap, struct buf *why)
{
	uint64_t base = u->base, a, b;
	int has_base = u->has_base;
	struct cur c;

	if (off >= d->s[S_RNGLISTS].n) {
		buf_adds(why, "a range list past .debug_rnglists");
		return -1;
	}
	c.p = d->s[S_RNGLISTS].p + off;
	c.end = d->s[S_RNGLISTS].p + d->s[S_RNGLISTS].n;
	c.bad = 0;
	for (size_t k = 0; k < 1u << 24 && !c.bad; k++) {
		switch (cur_u(&c, 1)) {
		case 0:		/* end_of_list */
			if (c.bad)
				break;
			return 0;
		case 1:		/* base_addressx */
			if (dwarf_addrx(d, u, cur_uleb(&c), &base, why) == -1)
				return -1;
			has_base = 1;
			break;
		case 2:		/* startx_endx */
			if (dwarf_addrx(d, u, cur_uleb(&c), &a, why) == -1 ||
			    dwarf_addrx(d, u, cur_uleb(&c), &b, why) == -1)
				return -1;
			add_range(r, n, cap, a, b);
			break;
		case 3:		/* startx_length */
			if (dwarf_addrx(d, u, cur_uleb(&c), &a, why) == -1)
				return -1;
			add_range(r, n, cap, a, a + cur_uleb(&c));
			break;
		case 4:		/* offset_pair */
			a = cur_uleb(&c);
			b = cur_uleb(&c);
			if (has_base) {
				a += base;
				b += base;
			}
			add_range(r, n, cap, a, b);
			break;
		case 5:		/* base_address */
			base = cur_u(&c, u->addr_size);
			has_base = 1;
			break;
		case 6:		/* start_end */
			a = cur_u(&c, u->addr_size);
			b = cur_u(&c, u->addr_size);
			add_range(r, n, cap, a, b);
			break;
		case 7:		/* start_length */
			a = cur_u(&c, u->addr_size);
			add_range(r, n, cap, a, a + cur_uleb(&c));
			break;
		default:
			c.bad = 1;
			break;
		}
	}
	buf_adds(why, "a malformed .debug_rnglists");
	return -1;
}

int
dwarf_die_ranges(const struct dwarf *d, const struct unit *u,
    const struct fval *low, const struct fval *high, const struct fval *ranges,
    struct range **r, size_t *n, size_t *cap, struct buf *why)
{
	uint64_t lo, off;

	/* llvm: low_pc of an address form and high_pc, else DW_AT_ranges. */
	if (low->cls == F_ADDR || low->cls == F_ADDRX) {
		lo = low->u;
		if (low->cls == F_ADDRX &&
		    dwarf_addrx(d, u, low->u, &lo, why) == -1)
			return -1;
		if (high->cls == F_ADDR || high->cls == F_ADDRX) {
			uint64_t hi = high->u;

			if (high->cls == F_ADDRX &&
			    dwarf_addrx(d, u, high->u, &hi, why) == -1)
				return -1;
			if (lo != ~(uint64_t)0)
				add_range(r, n, cap, lo, hi);
			return 0;
		}
		if (high->cls == F_CONST) {
			if (lo != ~(uint64_t)0)
				add_range(r, n, cap, lo, lo + high->u);
			return 0;
		}
		if (high->cls != F_NONE) {
			buf_adds(why, "a DW_AT_high_pc of an odd form");
			return -1;
		}
	} else if (low->cls != F_NONE) {
		buf_adds(why, "a DW_AT_low_pc of an odd form");
		return -1;
	}
	switch (ranges->cls) {
	case F_NONE:
		return 0;
	case F_SECOFF:
		break;
	case F_CONST:
		if (u->version <= 3 && (ranges->form == 0x06 ||
		    ranges->form == 0x07))
			break;
		/* FALLTHROUGH */
	default:
		if (ranges->cls == F_RNGLISTX && u->version >= 5)
			break;
		buf_adds(why, "a DW_AT_ranges of an odd form");
		return -1;
	}
	if (u->version <= 4)
		return ranges_v4(d, u, ranges->u, r, n, cap, why);
	off = ranges->u;
	if (ranges->cls == F_RNGLISTX) {
		struct cur c;
		uint64_t at;

		if (!u->has_rnglists_base || off > (uint64_t)1 << 40) {
			buf_adds(why, "DW_FORM_rnglistx without a base");
			return -1;
		}
		at = u->rnglists_base + off * u->offsz;
		if (at < u->rnglists_base || at > d->s[S_RNGLISTS].n) {
			buf_adds(why, "a range list index past the table");
			return -1;
		}
		c.p = d->s[S_RNGLISTS].p + at;
		c.end = d->s[S_RNGLISTS].p + d->s[S_RNGLISTS].n;
		c.bad = 0;
		off = u->rnglists_base + cur_u(&c, u->offsz);
		if (c.bad) {
			buf_adds(why, "a range list index past the table");
			return -1;
		}
	}
	return rnglist(d, u, off, r, n, cap, why);
}

/* The unit DIE's attributes: the bases, then its ranges. */
static int
unit_die(struct dwarf *d, struct unit *u, struct range **r, size_t *n,
    size_t *cap, struct buf *why)
{
	struct fval low = { 0 }, high = { 0 }, ranges = { 0 }, entry = { 0 };
	const struct abbrev *a;
	struct cur c;

	c.p = d->s[S_INFO].p + u->die;
	c.end = d->s[S_INFO].p + u->end;
	c.bad = 0;
	if ((a = dwarf_abbrev(u, cur_uleb(&c))) == NULL || c.bad) {
		buf_adds(why, "a unit without its DIE");
		return -1;
	}
	for (uint32_t i = 0; i < a->nattr; i++) {
		const struct abbrev_attr *aa = &u->abbrevs->attrs[a->first + i];
		struct fval v;

		if (dwarf_form(d, u, &c, aa->form, aa->implicit, &v, why) ==
		    -1)
			return -1;
		switch (aa->at) {
		case DW_AT_low_pc:
			if (low.cls == F_NONE)
				low = v;
			break;
		case DW_AT_entry_pc:
			if (entry.cls == F_NONE)
				entry = v;
			break;
		case DW_AT_high_pc:
			if (high.cls == F_NONE)
				high = v;
			break;
		case DW_AT_ranges:
			if (ranges.cls == F_NONE)
				ranges = v;
			break;
		case DW_AT_str_offsets_base:
			u->str_offsets_base = v.u;
			u->has_str_offsets_base = v.cls == F_SECOFF;
			break;
		case DW_AT_addr_base:
			u->addr_base = v.u;
			u->has_addr_base = v.cls == F_SECOFF;
			break;
		case DW_AT_rnglists_base:
			u->rnglists_base = v.u;
			u->has_rnglists_base = v.cls == F_SECOFF;
			break;
		case DW_AT_dwo_name:
		case DW_AT_GNU_dwo_name:
		case DW_AT_GNU_dwo_id:
		case DW_AT_GNU_addr_base:
		case DW_AT_GNU_ranges_base:
			buf_adds(why, "split DWARF");
			return -1;
		default:
			break;
		}
	}
	if (c.bad) {
		buf_adds(why, "a malformed unit DIE");
		return -1;
	}
	/* The base of range lists: low_pc, else entry_pc (llvm). */
	{
		const struct fval *b = low.cls != F_NONE ? &low : &entry;

		if (b->cls == F_ADDR) {
			u->base = b->u;
			u->has_base = 1;
		} else if (b->cls == F_ADDRX) {
			if (dwarf_addrx(d, u, b->u, &u->base, why) == -1)
				return -1;
			u->has_base = 1;
		}
	}
	return dwarf_die_ranges(d, u, &low, &high, &ranges, r, n, cap, why);
}

static int
by_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* An end of a unit's range, for the sweep that makes the segments. */
struct endpoint {
	uint64_t addr;
	uint32_t unit;
	int	 start;
};

static int
by_endpoint(const void *a, const void *b)
{
	const struct endpoint *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->unit < y->unit ? -1 : x->unit > y->unit;
}

static void
add_endpoints(struct endpoint **e, size_t *n, size_t *cap, uint32_t unit,
    uint64_t lo, uint64_t hi)
{
	if (lo >= hi)
		return;
	if (*n + 2 > *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*e = xreallocarray(*e, *cap, sizeof(**e));
	}
	(*e)[*n].addr = lo;
	(*e)[*n].unit = unit;
	(*e)[(*n)++].start = 1;
	(*e)[*n].addr = hi;
	(*e)[*n].unit = unit;
	(*e)[(*n)++].start = 0;
}

/* The unit at offset off, by binary search; UINT32_MAX when none. */
static uint32_t
unit_index(const struct dwarf *d, uint64_t off)
{
	size_t lo = 0, hi = d->nunits;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->units[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->nunits && d->units[lo].off == off ? (uint32_t)lo :
	    UINT32_MAX;
}

/*
 * .debug_aranges: each set's ranges as endpoints of its unit, the units
 * it names marked in named.  -1 on a malformed set.
 */
static int
aranges(const struct dwarf *d, struct endpoint **e, size_t *n, size_t *cap,
    unsigned char *named, struct buf *why)
{
	const struct sect *s = &d->s[S_ARANGES];
	uint64_t off = 0;

	while (s->p != NULL && off < s->n) {
		struct cur c;
		uint64_t len, end, info;
		int offsz = 4, asz;
		uint32_t ui;

		c.p = s->p + off;
		c.end = s->p + s->n;
		c.bad = 0;
		len = cur_u(&c, 4);
		if (len == 0xffffffff) {
			len = cur_u(&c, 8);
			offsz = 8;
		}
		if (c.bad || len > (uint64_t)(c.end - c.p))
			goto bad;
		end = (uint64_t)(c.p - s->p) + len;
		c.end = s->p + end;
		if (cur_u(&c, 2) != 2)
			goto bad;
		info = cur_u(&c, offsz);
		asz = (int)cur_u(&c, 1);
		if (cur_u(&c, 1) != 0 || asz != 8 || c.bad)
			goto bad;
		/* The tuples start at a multiple of twice their size. */
		while ((uint64_t)(c.p - (s->p + off)) % 16 != 0)
			dwarf_skip(&c, 1);
		ui = unit_index(d, info);
		if (ui == UINT32_MAX)
			goto bad;
		named[ui] = 1;
		for (;;) {
			uint64_t a = cur_u(&c, 8), l = cur_u(&c, 8);

			if (c.bad)
				goto bad;
			if (a == 0 && l == 0)
				break;
			add_endpoints(e, n, cap, ui, a, a + l);
		}
		off = end;
	}
	return 0;
bad:
	buf_adds(why, "a malformed .debug_aranges");
	return -1;
}

/*
 * The segments of code of the units, as llvm's DWARFDebugAranges::
 * construct sweeps the endpoints: where one unit covers an address it is
 * that unit's; where several do, marked so (the caller asks
 * llvm-symbolizer then rather than copy which one it would pick).
 */
static void
make_segments(struct dwarf *d, struct endpoint *e, size_t n)
{
	size_t cap = 0, active = 0;
	uint32_t *count = xcalloc(d->nunits ? d->nunits : 1, sizeof(*count));
	uint64_t sum = 0;	/* of the active units' indexes */
	uint64_t prev = 0;

	if (n > 0)
		qsort(e, n, sizeof(*e), by_endpoint);
	for (size_t i = 0; i < n; i++) {
		if (active > 0 && prev < e[i].addr) {
			uint32_t who = active == 1 ? (uint32_t)sum : UINT32_MAX;

			if (d->nsegs > 0 && d->segs[d->nsegs - 1].hi == prev &&
			    d->segs[d->nsegs - 1].unit == who &&
			    who != UINT32_MAX)
				d->segs[d->nsegs - 1].hi = e[i].addr;
			else {
				if (d->nsegs == cap) {
					cap = cap ? cap * 2 : 64;
					d->segs = xreallocarray(d->segs, cap,
					    sizeof(*d->segs));
				}
				d->segs[d->nsegs].lo = prev;
				d->segs[d->nsegs].hi = e[i].addr;
				d->segs[d->nsegs++].unit = who;
			}
		}
		if (e[i].start) {
			if (count[e[i].unit]++ == 0) {
				active++;
				sum += e[i].unit;
			}
		} else if (--count[e[i].unit] == 0) {
			active--;
			sum -= e[i].unit;
		}
		prev = e[i].addr;
	}
	free(count);
}

/* u's abbreviation table, read once for all the units that share it. */
static int
unit_abbrevs(struct dwarf *d, struct unit *u, struct buf *why)
{
	struct abbrev_table *t = u->abbrevs;

	if (t->state == 0)
		t->state = dwarf_read_abbrevs(d, t->off, t, why) == -1 ? -1 : 1;
	else if (t->state == -1)
		buf_adds(why, "a malformed abbreviation table");
	return t->state == 1 ? 0 : -1;
}

int
dwarf_unit_ready(struct dwarf *d, struct unit *u, struct buf *why)
{
	struct range *r = NULL;
	size_t nr = 0, capr = 0;

	if (u->ready == 0) {
		u->ready = -1;
		/* A type unit's DIE holds no bases or ranges to read. */
		if (unit_abbrevs(d, u, why) == 0 && (u->type != 1 ||
		    unit_die(d, u, &r, &nr, &capr, why) == 0))
			u->ready = 1;
		free(r);
	} else if (u->ready == -1)
		buf_adds(why, "a unit that could not be read");
	return u->ready == 1 ? 0 : -1;
}

int
dwarf_units(struct dwarf *d, struct buf *why)
{
	const struct sect *s = &d->s[S_INFO];
	struct endpoint *e = NULL;
	unsigned char *named;
	struct range *r = NULL;
	size_t cap = 0, ne = 0, capr = 0, nr;
	uint64_t off = 0, *aoffs;
	size_t ncap = 0;
	int rc = -1;

	/* The headers. */
	while (s->p != NULL && off < s->n) {
		struct cur c;
		struct unit u;
		uint64_t len;

		memset(&u, 0, sizeof(u));
		c.p = s->p + off;
		c.end = s->p + s->n;
		c.bad = 0;
		u.off = off;
		u.offsz = 4;
		len = cur_u(&c, 4);
		if (len == 0xffffffff) {
			len = cur_u(&c, 8);
			u.offsz = 8;
		} else if (len >= 0xfffffff0)
			c.bad = 1;
		if (c.bad || len > (uint64_t)(c.end - c.p)) {
			buf_adds(why, "a malformed .debug_info unit header");
			goto out;
		}
		u.end = (uint64_t)(c.p - s->p) + len;
		c.end = s->p + u.end;
		u.version = (uint16_t)cur_u(&c, 2);
		if (u.version < 2 || u.version > 5) {
			buf_printf(why, "DWARF version %u", u.version);
			goto out;
		}
		if (u.version >= 5) {
			u.type = (uint8_t)cur_u(&c, 1);
			u.addr_size = (uint8_t)cur_u(&c, 1);
			u.abbrev_off = cur_u(&c, u.offsz);
			if (u.type == 2 || u.type == 6) {	/* type units */
				dwarf_skip(&c, 8);
				dwarf_skip(&c, u.offsz);
			} else if (u.type != 1) {
				buf_printf(why, "a unit of type %u", u.type);
				goto out;
			}
		} else {
			u.type = 1;
			u.abbrev_off = cur_u(&c, u.offsz);
			u.addr_size = (uint8_t)cur_u(&c, 1);
		}
		if (c.bad || u.addr_size != 8) {
			buf_adds(why, "a unit header of another address size");
			goto out;
		}
		u.die = (uint64_t)(c.p - s->p);
		if (d->nunits == ncap) {
			ncap = ncap ? ncap * 2 : 64;
			d->units = xreallocarray(d->units, ncap,
			    sizeof(*d->units));
		}
		d->units[d->nunits++] = u;
		off = u.end;
	}
	/* The abbreviation tables, one for each offset, read when needed. */
	aoffs = xreallocarray(NULL, d->nunits ? d->nunits : 1, sizeof(*aoffs));
	for (size_t i = 0; i < d->nunits; i++)
		aoffs[i] = d->units[i].abbrev_off;
	qsort(aoffs, d->nunits, sizeof(*aoffs), by_u64);
	d->tabs = xcalloc(d->nunits ? d->nunits : 1, sizeof(*d->tabs));
	for (size_t i = 0; i < d->nunits; i++)
		if (i == 0 || aoffs[i] != aoffs[i - 1])
			d->tabs[d->ntabs++].off = aoffs[i];
	free(aoffs);
	for (size_t i = 0; i < d->nunits; i++) {
		size_t lo = 0, hi = d->ntabs;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (d->tabs[mid].off < d->units[i].abbrev_off)
				lo = mid + 1;
			else
				hi = mid;
		}
		d->units[i].abbrevs = &d->tabs[lo];
	}
	/* The segments: .debug_aranges, then the units it does not name. */
	named = xcalloc(d->nunits ? d->nunits : 1, 1);
	if (aranges(d, &e, &ne, &cap, named, why) == -1) {
		free(named);
		goto out;
	}
	for (size_t i = 0; i < d->nunits; i++) {
		struct unit *u = &d->units[i];

		nr = 0;
		if (u->type != 1 || named[i])
			continue;
		if (unit_abbrevs(d, u, why) == -1 ||
		    unit_die(d, u, &r, &nr, &capr, why) == -1) {
			free(named);
			goto out;
		}
		u->ready = 1;
		for (size_t k = 0; k < nr; k++)
			add_endpoints(&e, &ne, &cap, (uint32_t)i, r[k].lo,
			    r[k].hi);
	}
	free(named);
	make_segments(d, e, ne);
	rc = 0;
out:
	free(e);
	free(r);
	return rc;
}
