/*
 * dwarf_lookup.c: opening an ELF file's DWARF, and the answer for an
 * address (dwarf.h).  A unit's DIEs are walked once, when an address
 * first falls in it, into the address map llvm's DWARFUnit::
 * updateAddressDieMap makes: every subprogram and inlined subroutine
 * range in the order of the DIEs, a range inside one already there
 * splitting it (a treap keyed by start address, then flattened for a
 * binary search per address).  The chain of an address goes up from the
 * DIE that holds it through the inlined subroutines to the subprogram;
 * each is named by llvm's DWARFDie::getName(LinkageName): DW_AT_MIPS_
 * linkage_name or DW_AT_linkage_name, else DW_AT_name, each looked for
 * through DW_AT_abstract_origin and DW_AT_specification.  It uses base/.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "dwarf/dwarf.h"
#include "dwarf/dwarf_impl.h"

#define NIL		UINT32_MAX
#define MAX_DEPTH	4096	/* DIE nesting, inline chain */

struct tnode {
	uint64_t key, hi;
	uint32_t sub, prio, l, r;
};

struct treap {
	struct tnode *v;
	size_t	 n, cap;
	uint32_t root, seed;
};

static uint32_t
next_prio(struct treap *t)
{
	t->seed ^= t->seed << 13;
	t->seed ^= t->seed >> 17;
	t->seed ^= t->seed << 5;
	return t->seed;
}

/* The node of the greatest key <= x, or NIL. */
static uint32_t
t_floor(const struct treap *t, uint64_t x)
{
	uint32_t c = t->root, best = NIL;

	while (c != NIL) {
		if (t->v[c].key <= x) {
			best = c;
			c = t->v[c].r;
		} else
			c = t->v[c].l;
	}
	return best;
}

static uint32_t
t_insert(struct treap *t, uint32_t root, uint32_t nn)
{
	uint32_t x;

	if (root == NIL)
		return nn;
	if (t->v[nn].key < t->v[root].key) {
		t->v[root].l = t_insert(t, t->v[root].l, nn);
		if (t->v[t->v[root].l].prio > t->v[root].prio) {
			x = t->v[root].l;
			t->v[root].l = t->v[x].r;
			t->v[x].r = root;
			return x;
		}
	} else {
		t->v[root].r = t_insert(t, t->v[root].r, nn);
		if (t->v[t->v[root].r].prio > t->v[root].prio) {
			x = t->v[root].r;
			t->v[root].r = t->v[x].l;
			t->v[x].l = root;
			return x;
		}
	}
	return root;
}

/* map[key] = (hi, sub), as std::map's operator[] assigns. */
static void
t_assign(struct treap *t, uint64_t key, uint64_t hi, uint32_t sub)
{
	uint32_t f = t_floor(t, key), nn;

	if (f != NIL && t->v[f].key == key) {
		t->v[f].hi = hi;
		t->v[f].sub = sub;
		return;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = xreallocarray(t->v, t->cap, sizeof(*t->v));
	}
	nn = (uint32_t)t->n++;
	t->v[nn].key = key;
	t->v[nn].hi = hi;
	t->v[nn].sub = sub;
	t->v[nn].prio = next_prio(t);
	t->v[nn].l = t->v[nn].r = NIL;
	t->root = t_insert(t, t->root, nn);
}

/* One range of a subroutine DIE, as updateAddressDieMap adds it. */
static void
map_add(struct treap *t, uint64_t lo, uint64_t hi, uint32_t sub)
{
	uint32_t b = t_floor(t, lo);

	if (b != NIL && lo < t->v[b].hi) {
		uint64_t bkey = t->v[b].key, bhi = t->v[b].hi;
		uint32_t bsub = t->v[b].sub;

		if (hi < bhi)
			t_assign(t, hi, bhi, bsub);
		if (lo > bkey) {
			b = t_floor(t, bkey);
			t->v[b].hi = lo;
		}
	}
	t_assign(t, lo, hi, sub);
}

/* The treap in key order into u's map. */
static void
flatten(struct treap *t, struct unit *u)
{
	uint32_t *stack = xreallocarray(NULL, t->n ? t->n : 1,
	    sizeof(*stack));
	size_t sp = 0;
	uint32_t c = t->root;

	u->map = xreallocarray(NULL, t->n ? t->n : 1, sizeof(*u->map));
	u->nmap = 0;
	while (c != NIL || sp > 0) {
		while (c != NIL) {
			stack[sp++] = c;
			c = t->v[c].l;
		}
		c = stack[--sp];
		u->map[u->nmap].lo = t->v[c].key;
		u->map[u->nmap].hi = t->v[c].hi;
		u->map[u->nmap++].sub = t->v[c].sub;
		c = t->v[c].r;
	}
	free(stack);
}

int
dwarf_walk(struct dwarf *d, struct unit *u, struct buf *why)
{
	struct treap t = { NULL, 0, 0, NIL, 0x9e3779b9u };
	uint32_t *stack = xreallocarray(NULL, MAX_DEPTH, sizeof(*stack));
	struct range *r = NULL;
	size_t depth = 0, capsubs = 0, capr = 0, nr;
	struct cur c;
	int rc = -1;

	u->walked = -1;
	if (dwarf_unit_ready(d, u, why) == -1) {
		free(stack);
		return -1;
	}
	c.p = d->s[S_INFO].p + u->die;
	c.end = d->s[S_INFO].p + u->end;
	c.bad = 0;
	while (c.p < c.end) {
		uint64_t off = (uint64_t)(c.p - d->s[S_INFO].p);
		uint64_t code = cur_uleb(&c);
		struct fval low = { 0 }, high = { 0 }, ranges = { 0 };
		const struct abbrev *a;
		uint32_t top = depth > 0 ? stack[depth - 1] : NIL, me = top;
		int is_sub;

		if (c.bad)
			break;
		if (code == 0) {
			if (depth > 0)
				depth--;
			if (depth == 0)
				break;
			continue;
		}
		if ((a = dwarf_abbrev(u, code)) == NULL) {
			buf_adds(why, "a DIE of an unknown abbreviation");
			goto out;
		}
		is_sub = a->tag == DW_TAG_subprogram ||
		    a->tag == DW_TAG_inlined_subroutine;
		for (uint32_t i = 0; i < a->nattr; i++) {
			const struct abbrev_attr *aa =
			    &u->abbrevs->attrs[a->first + i];
			struct fval v;

			if (dwarf_form(d, u, &c, aa->form, aa->implicit, &v,
			    why) == -1)
				goto out;
			if (!is_sub)
				continue;
			if (aa->at == DW_AT_low_pc && low.cls == F_NONE)
				low = v;
			else if (aa->at == DW_AT_high_pc && high.cls == F_NONE)
				high = v;
			else if (aa->at == DW_AT_ranges &&
			    ranges.cls == F_NONE)
				ranges = v;
		}
		if (c.bad)
			break;
		if (is_sub) {
			if (u->nsubs == capsubs) {
				capsubs = capsubs ? capsubs * 2 : 256;
				u->subs = xreallocarray(u->subs, capsubs,
				    sizeof(*u->subs));
			}
			me = (uint32_t)u->nsubs++;
			u->subs[me].off = off;
			u->subs[me].parent = top;
			u->subs[me].inlined =
			    a->tag == DW_TAG_inlined_subroutine;
			nr = 0;
			if (dwarf_die_ranges(d, u, &low, &high, &ranges, &r,
			    &nr, &capr, why) == -1)
				goto out;
			for (size_t k = 0; k < nr; k++) {
				if (r[k].lo == r[k].hi)
					continue;
				if (r[k].lo > r[k].hi) {
					buf_adds(why, "a range that ends "
					    "before it starts");
					goto out;
				}
				map_add(&t, r[k].lo, r[k].hi, me);
			}
		}
		if (a->children) {
			if (depth == MAX_DEPTH) {
				buf_adds(why, "DIEs nested too deep");
				goto out;
			}
			stack[depth++] = me;
		} else if (depth == 0)
			break;
	}
	if (c.bad) {
		buf_adds(why, "a malformed .debug_info");
		goto out;
	}
	flatten(&t, u);
	u->walked = 1;
	rc = 0;
out:
	free(t.v);
	free(stack);
	free(r);
	return rc;
}

/*
 * llvm's DWARFDie::findRecursively: the first of attrs[0..n) on the DIE
 * at off, else on the DIEs its DW_AT_abstract_origin and
 * DW_AT_specification name, depth first (a stack).  1 with the string
 * in *s, 0 when none has it, -1 with why.
 */
static int
find_name(struct dwarf *d, uint64_t off, const uint16_t *attrs,
    int n, const char **s, struct buf *why)
{
	uint64_t work[64], seen[64];
	size_t nw = 0, ns = 0;

	work[nw++] = off;
	seen[ns++] = off;
	while (nw > 0) {
		struct fval found[2], refs[2];
		const struct abbrev *a;
		struct unit *u;
		struct cur c;
		int sig = 0;

		off = work[--nw];
		if ((u = dwarf_unit_at(d, off)) == NULL) {
			buf_adds(why, "a reference outside .debug_info");
			return -1;
		}
		if (dwarf_unit_ready(d, u, why) == -1)
			return -1;
		c.p = d->s[S_INFO].p + off;
		c.end = d->s[S_INFO].p + u->end;
		c.bad = 0;
		if ((a = dwarf_abbrev(u, cur_uleb(&c))) == NULL || c.bad) {
			buf_adds(why, "a reference to no DIE");
			return -1;
		}
		memset(found, 0, sizeof(found));
		memset(refs, 0, sizeof(refs));
		for (uint32_t i = 0; i < a->nattr; i++) {
			const struct abbrev_attr *aa =
			    &u->abbrevs->attrs[a->first + i];
			struct fval v;

			if (dwarf_form(d, u, &c, aa->form, aa->implicit, &v,
			    why) == -1)
				return -1;
			for (int k = 0; k < n; k++)
				if (aa->at == attrs[k] &&
				    found[k].cls == F_NONE)
					found[k] = v;
			if (aa->at == DW_AT_abstract_origin &&
			    refs[0].cls == F_NONE)
				refs[0] = v;
			else if (aa->at == DW_AT_specification &&
			    refs[1].cls == F_NONE)
				refs[1] = v;
			else if (aa->at == DW_AT_signature)
				sig = 1;
		}
		if (c.bad) {
			buf_adds(why, "a malformed DIE");
			return -1;
		}
		for (int k = 0; k < n; k++)
			if (found[k].cls != F_NONE) {
				*s = dwarf_str(d, u, &found[k], why);
				return *s != NULL ? 1 : -1;
			}
		if (sig) {
			buf_adds(why, "a name in a type unit");
			return -1;
		}
		for (int k = 0; k < 2; k++) {
			size_t j;

			if (refs[k].cls == F_NONE)
				continue;
			if (refs[k].cls != F_REF) {
				buf_adds(why, "a reference of an odd form");
				return -1;
			}
			for (j = 0; j < ns; j++)
				if (seen[j] == refs[k].u)
					break;
			if (j < ns)
				continue;
			if (ns == 64 || nw == 64) {
				buf_adds(why, "references too deep");
				return -1;
			}
			seen[ns++] = refs[k].u;
			work[nw++] = refs[k].u;
		}
	}
	return 0;
}

/* The name of the subroutine DIE at off, appended with its NUL. */
static int
sub_name(struct dwarf *d, uint64_t off, struct buf *names, struct buf *why)
{
	static const uint16_t linkage[2] = { DW_AT_MIPS_linkage_name,
	    DW_AT_linkage_name };
	static const uint16_t plain[1] = { DW_AT_name };
	const char *s = NULL;
	int rc;

	if ((rc = find_name(d, off, linkage, 2, &s, why)) == 0)
		rc = find_name(d, off, plain, 1, &s, why);
	if (rc == -1)
		return -1;
	if (rc == 1) {
		if (strchr(s, '\n') != NULL) {
			buf_adds(why, "a name with a newline");
			return -1;
		}
		if (dwarf_demangle(s, strlen(s), names) == -1) {
			buf_printf(why, "a name not demangled in process: "
			    "%.80s", s);
			return -1;
		}
	}
	buf_addc(names, '\0');
	return 0;
}

int
dwarf_lookup(struct dwarf *d, uint64_t svma, struct buf *names,
    size_t *nframes, int *in_unit, struct buf *why)
{
	size_t lo = 0, hi = d->nsegs;
	struct unit *u;
	uint32_t s;

	buf_reset(names);
	*nframes = 0;
	*in_unit = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->segs[mid].hi <= svma)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == d->nsegs || svma < d->segs[lo].lo)
		return 0;
	if (d->segs[lo].unit == UINT32_MAX) {
		buf_adds(why, "an address in several units");
		return -1;
	}
	u = &d->units[d->segs[lo].unit];
	*in_unit = 1;
	if (u->walked == 0 && dwarf_walk(d, u, why) == -1)
		return -1;
	if (u->walked != 1) {
		buf_adds(why, "a unit that could not be read");
		return -1;
	}
	/* llvm: the last entry starting at or below svma, if it reaches. */
	lo = 0;
	hi = u->nmap;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (u->map[mid].lo <= svma)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || svma >= u->map[lo - 1].hi)
		return 0;
	s = u->map[lo - 1].sub;
	for (size_t k = 0; s != NIL; k++) {
		if (k == MAX_DEPTH) {
			buf_adds(why, "an inline chain too deep");
			return -1;
		}
		if (sub_name(d, u->subs[s].off, names, why) == -1)
			return -1;
		(*nframes)++;
		if (!u->subs[s].inlined)
			break;
		s = u->subs[s].parent;
	}
	return 0;
}

static struct dwarf *
open_image(struct dwarf *d, const unsigned char *p, size_t n, struct buf *why)
{
	d->img = p;
	d->imglen = n;
	if (dwarf_elf_sections(d, p, n, why) == -1 ||
	    (d->s[S_INFO].p != NULL && d->s[S_ABBREV].p == NULL &&
	    (buf_adds(why, "no .debug_abbrev"), 1)) ||
	    dwarf_units(d, why) == -1) {
		dwarf_free(d);
		return NULL;
	}
	return d;
}

struct dwarf *
dwarf_open_mem(const unsigned char *p, size_t n, struct buf *why)
{
	return open_image(xcalloc(1, sizeof(struct dwarf)), p, n, why);
}

struct dwarf *
dwarf_open(const char *path, struct buf *why)
{
	struct dwarf *d;
	struct stat st;
	void *m;
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1 || fstat(fd, &st) == -1 ||
	    st.st_size <= 0) {
		if (fd != -1)
			close(fd);
		buf_adds(why, "cannot read the file");
		return NULL;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED) {
		buf_adds(why, "cannot map the file");
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->map = m;
	d->maplen = (size_t)st.st_size;
	return open_image(d, m, d->maplen, why);
}

void
dwarf_free(struct dwarf *d)
{
	if (d == NULL)
		return;
	for (size_t i = 0; i < d->nunits; i++) {
		free(d->units[i].subs);
		free(d->units[i].map);
	}
	free(d->units);
	for (size_t i = 0; i < d->ntabs; i++) {
		free(d->tabs[i].v);
		free(d->tabs[i].attrs);
	}
	free(d->tabs);
	free(d->segs);
	free(d->syms);
	free(d->files);
	for (int k = 0; k < S_N; k++)
		free(d->owned[k]);
	if (d->map != NULL)
		munmap(d->map, d->maplen);
	buf_free(&d->tmp);
	free(d);
}
