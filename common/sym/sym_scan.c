/*
 * sym_scan.c: the first pass of a symbolization (sym_ctx.h).  Every line
 * of an input is read once: the #lib headers describe the libraries, and
 * each address frame "LIB!0xHEX" of a library taking part is looked up in
 * a hash table of the distinct (library, address) pairs and recorded as a
 * cut of the input text, so that writing the output (sym_write.c) never
 * parses a line again.  It uses the stream's field layout
 * (stream/stream.h), base/ and sym_ctx.h.
 */
#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/stream.h"
#include "sym/sym_ctx.h"

/* ---- Libraries and addresses ---- */

char *
symc_unesc_dup(const char *s, size_t n)
{
	struct buf b = { 0 };

	if (unesc_append(&b, s, n) == -1) {
		buf_reset(&b);
		buf_add(&b, s, n);
	}
	if (b.s == NULL)
		return xstrdup("");
	return b.s;
}

static uint32_t
lib_get(struct sym_ctx *sc, const char *name, size_t n)
{
	int added = 0;
	uint32_t id = st_intern(sc->libnames, name, n, &added);
	struct lib *l;

	if (!added)
		return id;
	xgrow(&sc->libs, &sc->caplibs, sc->nlibs + 1, sizeof(*sc->libs));
	l = &sc->libs[sc->nlibs++];
	memset(l, 0, sizeof(*l));
	l->name = xmemdup(name, n);
	l->name_len = n;
	l->path = xstrdup("");
	l->debug_name = xstrdup("");
	l->debug_path = xstrdup("");
	l->code_id = xstrdup("");
	l->breakpad_id = xstrdup("");
	l->arch = xstrdup("");
	l->stamp = UINT64_MAX;
	return id;
}

static void
set_field(char **dst, const struct field *f)
{
	if ((*dst)[0] != '\0' || f->len == 0)
		return;
	free(*dst);
	*dst = symc_unesc_dup(f->s, f->len);
}

/*
 * #lib IDX name path debugName debugPath codeId breakpadId arch [fileoff]
 * The ninth field "fileoff" says that the library's frame addresses are
 * offsets in its file, not addresses relative to its first PT_LOAD
 * segment (sp-flatten writes so when it could not open the image).
 */
static void
lib_header(struct sym_ctx *sc, const char *line, size_t len)
{
	struct field f[11];
	size_t n = split_tabs(line, len, f, 11);
	struct lib *l;
	uint32_t id;

	if (n < 3 || f[2].len == 0)
		return;
	id = lib_get(sc, f[2].s, f[2].len);
	l = &sc->libs[id];
	if (n > 3)
		set_field(&l->path, &f[3]);
	if (n > 4)
		set_field(&l->debug_name, &f[4]);
	if (n > 5)
		set_field(&l->debug_path, &f[5]);
	if (n > 6)
		set_field(&l->code_id, &f[6]);
	if (n > 7)
		set_field(&l->breakpad_id, &f[7]);
	if (n > 8)
		set_field(&l->arch, &f[8]);
	if (n > 9 && f[9].len == 7 && memcmp(f[9].s, "fileoff", 7) == 0)
		l->fileoff = 1;
}


static uint64_t
hash_of(uint32_t lib, uint64_t addr)
{
	uint64_t h = addr ^ ((uint64_t)lib << 48);

	/* splitmix64's finalizer: nearby addresses land far apart. */
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
	return h ^ (h >> 31);
}

static size_t
slot_of(struct sym_ctx *sc, uint32_t lib, uint64_t addr, uint64_t h)
{
	size_t i = (size_t)h & (sc->nslots - 1);

	while (sc->slots[i].lib != UINT32_MAX &&
	    (sc->slots[i].lib != lib || sc->slots[i].addr != addr))
		i = (i + 1) & (sc->nslots - 1);
	return i;
}

static void
grow_slots(struct sym_ctx *sc)
{
	struct slot *old = sc->slots;
	size_t oldn = sc->nslots;

	sc->nslots = oldn ? oldn * 2 : 4096;
	/* Huge pages where there are: the lookups land anywhere in it. */
	sc->slots = big_alloc(sc->nslots * sizeof(*sc->slots));
	for (size_t i = 0; i < sc->nslots; i++)
		sc->slots[i].lib = UINT32_MAX;
	for (size_t i = 0; i < oldn; i++)
		if (old[i].lib != UINT32_MAX)
			sc->slots[slot_of(sc, old[i].lib, old[i].addr,
			    hash_of(old[i].lib, old[i].addr))] = old[i];
	big_free(old, oldn * sizeof(*sc->slots));
}

/* Record an address frame; returns its entry. */
static uint32_t
addr_add(struct sym_ctx *sc, uint32_t lib, uint64_t addr, uint64_t h)
{
	size_t i;
	struct lib *l;

	if ((sc->nused + 1) * 2 > sc->nslots)
		grow_slots(sc);
	i = slot_of(sc, lib, addr, h);
	if (sc->slots[i].lib != UINT32_MAX)
		return sc->slots[i].ent;
	l = &sc->libs[lib];
	/* The cuts keep an entry in 30 bits. */
	if (sc->nents >= CUT_ENT_MASK)
		errx(1, "too many distinct addresses");
	xgrow(&l->addrs, &l->capaddrs, l->naddrs + 1, sizeof(*l->addrs));
	xgrow(&sc->ents, &sc->capents, sc->nents + 1, sizeof(*sc->ents));
	sc->ents[sc->nents].lib = lib;
	sc->ents[sc->nents].idx = (uint32_t)l->naddrs;
	sc->slots[i].lib = lib;
	sc->slots[i].addr = addr;
	sc->slots[i].ent = (uint32_t)sc->nents++;
	l->addrs[l->naddrs++] = addr;
	sc->nused++;
	return sc->slots[i].ent;
}

/* Does the library named s[0..n) take part in this run? */
static int
wanted(struct sym_ctx *sc, const char *s, size_t n)
{
	if (sc->o.mixed || sc->target == NULL)
		return 1;
	return sc->target_len == n && memcmp(sc->target, s, n) == 0;
}


static void
flush_pending(struct sym_ctx *sc)
{
	for (size_t i = 0; i < sc->npend; i++)
		sc->cuts[sc->pend[i].cut].ent |= addr_add(sc, sc->pend[i].lib,
		    sc->pend[i].addr,
		    sc->pend[i].h);
	sc->npend = 0;
}

/* Room for one more cut (huge pages: the array is tens of megabytes). */
static inline void
grow_cuts(struct sym_ctx *sc)
{
	size_t cap;

	if (sc->ncuts < sc->capcuts)
		return;
	cap = sc->capcuts ? sc->capcuts * 2 : (size_t)1 << 16;
	if (cap > SIZE_MAX / 2 / sizeof(*sc->cuts))
		errx(1, "out of memory");
	sc->cuts = big_realloc(sc->cuts, sc->capcuts * sizeof(*sc->cuts),
	    cap * sizeof(*sc->cuts));
	sc->capcuts = cap;
}

static void
add_cut(struct sym_ctx *sc, const char *at, size_t len, uint32_t ent)
{
	size_t gap = (size_t)(at - sc->cut_end);

	while (gap > UINT32_MAX) {
		grow_cuts(sc);
		sc->cuts[sc->ncuts].gap = UINT32_MAX;
		sc->cuts[sc->ncuts++].ent = CUT_NONE;
		gap -= UINT32_MAX;
	}
	grow_cuts(sc);
	sc->cuts[sc->ncuts].gap = (uint32_t)gap;
	sc->cuts[sc->ncuts++].ent = ent;
	sc->cut_end = at + len;
}

/*
 * memcmp(a, b, n) == 0 for the short library names, without a call (a
 * loop without an early exit, which compilers do not turn into memcmp).
 */
static inline int
same_bytes(const char *a, const char *b, size_t n)
{
	unsigned d = 0;

	for (size_t i = 0; i < n; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

const signed char sym_hexval[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
	['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11,
	['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16
};

/*
 * The frame f[0..n), whose first '!' is at bang (or NULL): when it is an
 * address frame "LIB!0xHEX" (1 to 16 digits) of a library taking part,
 * record it.
 */
static void
note_frame(struct sym_ctx *sc, const char *f, size_t n, const char *bang,
    enum rmode m,
    int64_t weight)
{
	const char *h, *end = f + n;
	size_t ll;
	uint64_t addr = 0;
	uint32_t id;
	struct pend *pe;

	if (bang == NULL || bang == f || n > UINT32_MAX)
		return;
	h = bang + 1;
	if (end - h < 3 || end - h > 18 || h[0] != '0' || h[1] != 'x')
		return;
	for (h += 2; h < end; h++) {
		int d = sym_hexval[(unsigned char)*h];

		if (d == 0)
			return;
		addr = addr << 4 | (uint64_t)(d - 1);
	}
	ll = (size_t)(bang - f);
	sc->addr_frames_total++;
	/*
	 * Neighbouring frames are mostly of the same library: the last
	 * one's name (in the input, which stays) and whether it takes part.
	 */
	if (sc->last_name != NULL && ll == sc->last_len &&
	    same_bytes(sc->last_name, f, ll)) {
		if (sc->last_lib == UINT32_MAX)
			return;
		id = sc->last_lib;
	} else {
		sc->last_name = f;
		sc->last_len = ll;
		sc->last_lib = UINT32_MAX;
		if (!wanted(sc, f, ll))
			return;
		id = sc->last_lib = lib_get(sc, f, ll);
	}
	if (sc->libs[id].stamp != sc->lineno) {
		sc->libs[id].stamp = sc->lineno;
		sc->libs[id].weight += weight;
	}
	if (sc->npend == NPEND)
		flush_pending(sc);
	if ((sc->nused + NPEND + 1) * 2 > sc->nslots) {
		flush_pending(sc);
		grow_slots(sc);
	}
	add_cut(sc, f, n, (uint32_t)m << CUT_MODE_SHIFT);
	sc->modes_used |= 1u << m;
	pe = &sc->pend[sc->npend++];
	pe->lib = id;
	pe->cut = (uint32_t)(sc->ncuts - 1);
	pe->addr = addr;
	pe->h = hash_of(id, addr);
	PREFETCH(&sc->slots[pe->h & (sc->nslots - 1)]);
}

/* The kind of a data line, and where its frames are. */
enum lkind { K_OTHER, K_SAMPLE, K_AGG, K_FOLD };

struct parsed {
	enum lkind kind;
	struct field f[SAMPLE_MAXFIELDS];
	const char *stack;	/* the frames */
	size_t	 stack_len;
	int64_t	 weight;
};

static void
classify(const char *line, size_t len, struct parsed *p)
{
	size_t n = split_tabs(line, len, p->f, SAMPLE_MAXFIELDS);
	const char *sp;

	p->kind = K_OTHER;
	p->weight = 1;
	if (n == SAMPLE_NFIELDS || n == SAMPLE_MAXFIELDS) {
		p->kind = K_SAMPLE;
		p->stack = p->f[F_STACK].s;
		p->stack_len = p->f[F_STACK].len;
		if (parse_i64(p->f[F_WEIGHT].s, p->f[F_WEIGHT].len,
		    &p->weight) == -1)
			p->weight = 1;
	} else if (n == AGG_NFIELDS) {
		p->kind = K_AGG;
		p->stack = p->f[A_FRAME].s;
		p->stack_len = p->f[A_FRAME].len;
		if (parse_i64(p->f[A_SELF].s, p->f[A_SELF].len,
		    &p->weight) == -1)
			p->weight = 0;
	} else if (n == 1 && len > 2) {
		/* Folded: "frame;frame;frame COUNT". */
		for (sp = line + len; sp > line && sp[-1] != ' '; sp--)
			;
		if (sp <= line + 1 || sp == line + len ||
		    parse_i64(sp, (size_t)(line + len - sp), &p->weight) == -1)
			return;
		p->kind = K_FOLD;
		p->stack = line;
		p->stack_len = (size_t)(sp - 1 - line);
	}
}

/*
 * The frames of a stack, in one pass over its bytes: a frame ends at a
 * ';' that no odd run of backslashes escapes (any ';' in folded stacks),
 * and its library name at its first '!'.
 */
static void
scan_stack(struct sym_ctx *sc, const char *s, const char *end, int fold,
    enum rmode m,
    int64_t weight)
{
	while (s < end) {
		const char *e, *bang = NULL;

		for (e = s; e < end; e++) {
			if (*e == ';') {
				const char *q = e;

				if (fold)
					break;
				while (q > s && q[-1] == '\\')
					q--;
				if ((e - q) % 2 == 0)
					break;
			} else if (*e == '!' && bang == NULL)
				bang = e;
		}
		note_frame(sc, s, (size_t)(e - s), bang, m, weight);
		if (e == end)
			break;
		s = e + 1;
	}
}

/*
 * The first pass over one line (without its newline): the #lib headers,
 * the address frames, and where the #symbolized headers will go (before
 * #columns, or else before the first data line after a header).
 */
static void
scan_line(struct sym_ctx *sc, const char *line, size_t len)
{
	struct parsed p;

	sc->lineno++;
	if (len > 0 && line[0] == '#') {
		if (len > 5 && memcmp(line, "#lib\t", 5) == 0)
			lib_header(sc, line, len);
		if (!sc->inserted && len >= 8 &&
		    memcmp(line, "#columns", 8) == 0) {
			add_cut(sc, line, 0, CUT_HEADERS);
			sc->inserted = 1;
		}
		sc->seen_headers = 1;
		return;
	}
	if (!sc->inserted && sc->seen_headers) {
		add_cut(sc, line, 0, CUT_HEADERS);
		sc->inserted = 1;
	}
	classify(line, len, &p);
	switch (p.kind) {
	case K_AGG:
		note_frame(sc, p.stack, p.stack_len, memchr(p.stack, '!',
		    p.stack_len), M_AGG, p.weight);
		break;
	case K_SAMPLE:
		scan_stack(sc, p.stack, p.stack + p.stack_len, 0, M_STACK,
		    p.weight);
		break;
	case K_FOLD:
		scan_stack(sc, p.stack, p.stack + p.stack_len, 1, M_FOLD,
		    p.weight);
		break;
	default:
		break;
	}
}

void
symc_scan_input(struct sym_ctx *sc, struct sym_input *in)
{
	const char *p = in->data, *end = p + in->len;

	sc->cut_end = p;
	sc->last_name = NULL;
	in->firstcut = sc->ncuts;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL)
			nl = end;
		scan_line(sc, p, (size_t)(nl - p));
		p = nl + 1;
	}
	flush_pending(sc);
	in->ncuts = sc->ncuts - in->firstcut;
}
