/*
 * ann_input.c: sp-annotate's reading of its inputs (sample streams, held
 * in memory): every distinct frame of the stacks noted once with its self
 * and total weight, an address frame (LIB!0xADDR) with its library and
 * address, the #lib headers kept (pass 1); and the second reading that
 * adds each sample's weight to the functions wanted (pass 2, through
 * ann_ctx.h's state).  Part of annotate.c's work; may use base/, stream/
 * and agg/'s frame matching.
 */
#include <err.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/ann_ctx.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/util.h"
#include "stream/frame.h"
#include "stream/stream.h"

static uint64_t
hash_bytes(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h ^ (h >> 29);
}

static char *
unesc_dup(const char *s, size_t n)
{
	struct buf b = { 0 };

	if (unesc_append(&b, s, n) == -1) {
		buf_free(&b);
		return xmemdup(s, n);
	}
	buf_addc(&b, '\0');
	return b.s;
}

/* The index of library s[0..n) (escaped, as in the stream), added when
 * new. */
uint32_t
ann_lib_of(struct ctx *c, const char *s, size_t n)
{
	for (size_t i = c->nlibs; i-- > 0;)
		if (c->libs[i].name_len == n &&
		    memcmp(c->libs[i].name, s, n) == 0)
			return (uint32_t)i;
	xgrow(&c->libs, &c->caplibs, c->nlibs + 1, sizeof(*c->libs));
	memset(&c->libs[c->nlibs], 0, sizeof(c->libs[0]));
	c->libs[c->nlibs].name = xmemdup(s, n);
	c->libs[c->nlibs].name_len = n;
	c->libs[c->nlibs].uname = unesc_dup(s, n);
	return (uint32_t)c->nlibs++;
}

static void
set_str(char **dst, const struct field *f)
{
	if (f->len == 0 || (*dst != NULL && **dst != '\0'))
		return;
	free(*dst);
	*dst = unesc_dup(f->s, f->len);
}

/* "#lib index name path debugName debugPath codeId breakpadId arch [fileoff]" */
static void
lib_header(struct ctx *c, const char *line, size_t len)
{
	struct field f[11];
	size_t nf = split_tabs(line, len, f, 11);
	struct lib *l;
	uint32_t li;

	if (nf < 3)
		return;
	li = ann_lib_of(c, f[2].s, f[2].len);	/* may move c->libs */
	l = &c->libs[li];
	if (nf > 3)
		set_str(&l->path, &f[3]);
	if (nf > 4)
		set_str(&l->debug_name, &f[4]);
	if (nf > 5)
		set_str(&l->debug_path, &f[5]);
	if (nf > 6)
		set_str(&l->code_id, &f[6]);
	if (nf > 7)
		set_str(&l->breakpad_id, &f[7]);
	if (nf > 8)
		set_str(&l->arch, &f[8]);
	if (nf > 9 && f[9].len == 7 && memcmp(f[9].s, "fileoff", 7) == 0)
		l->fileoff = 1;
}

static void
grow_slots(struct ctx *c)
{
	size_t n = c->nslot ? 2 * c->nslot : 4096;
	uint32_t *s = xcalloc(n, sizeof(*s));

	for (size_t i = 0; i < c->nents; i++) {
		size_t k = c->ents[i].hash & (n - 1);

		while (s[k] != 0)
			k = (k + 1) & (n - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(c->slot);
	c->slot = s;
	c->nslot = n;
}

/* The entry of frame s[0..n), added when new. */
static struct ent *
ent_of(struct ctx *c, const char *s, size_t n)
{
	uint64_t h = hash_bytes(s, n);
	size_t k;
	struct ent *e;
	struct sp_frame fr;

	if (2 * (c->nents + 1) > c->nslot)
		grow_slots(c);
	for (k = h & (c->nslot - 1); c->slot[k] != 0;
	    k = (k + 1) & (c->nslot - 1)) {
		e = &c->ents[c->slot[k] - 1];
		if (e->hash == h && e->n == n && memcmp(e->s, s, n) == 0)
			return e;
	}
	xgrow(&c->ents, &c->capents, c->nents + 1, sizeof(*c->ents));
	e = &c->ents[c->nents];
	memset(e, 0, sizeof(*e));
	e->s = s;
	e->n = n;
	e->hash = h;
	e->fn = e->row = e->line = -1;
	e->stamp = UINT64_MAX;
	sp_frame_split(s, n, &fr);
	if (fr.is_addr && fr.lib != NULL && fr.liblen > 0 &&
	    fr.file == NULL && !fr.inlined) {
		e->is_addr = 1;
		e->lib = ann_lib_of(c, fr.lib, fr.liblen);
		e->rel = fr.addr;
		c->libs[e->lib].has_addrs = 1;
	}
	c->slot[k] = (uint32_t)c->nents + 1;
	c->nents++;
	return e;
}

/* Where s[0..n) has the text t, or NULL. */
static const char *
find_field(const char *s, size_t n, const char *t)
{
	size_t tn = strlen(t);

	for (size_t i = 0; i + tn <= n; i++)
		if (memcmp(s + i, t, tn) == 0)
			return s + i;
	return NULL;
}

static int
is_table_magic(const char *s, size_t n)
{
	return has_prefix(s, n, "#sp aggregate ") ||
	    has_prefix(s, n, "#sp tree ") || has_prefix(s, n, "#sp diff ");
}

static void
no_addresses(const char *name)
{
	warnx("%s: a table of totals has no addresses: annotate the sample "
	    "stream (sp-flatten's or sp-record's output, before sp-aggregate)",
	    name);
}

/*
 * Read one input: pass 1 (collect) or 2 (add up the wanted functions).
 * Returns 0, or -1 after a message.
 */
int
ann_read_input(struct ctx *c, struct input *in, int pass)
{
	const char *p = in->data, *end = in->data + in->len;
	uint64_t lineno = 0;
	int first = 1;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		size_t len = (size_t)(le - p);
		struct sample_line sl;
		const char *why, *s, *se, *fe;

		lineno++;
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (len > 0 && p[0] == '#') {
			if (pass == 1 && first && has_prefix(p, len, "#sp ") &&
			    !has_prefix(p, len, "#sp samples ")) {
				if (is_table_magic(p, len))
					no_addresses(in->name);
				else
					warnx("%s: not a sample stream (%.*s)",
					    in->name, (int)(len > 40 ? 40 : len),
					    p);
				return -1;
			}
			if (pass == 1 && has_prefix(p, len, "#lib\t"))
				lib_header(c, p, len);
			else if (pass == 1 && has_prefix(p, len, "#units\t")) {
				const char *w = find_field(p, len, "\tweight=");

				if (w != NULL) {
					const char *we = w + 8;
					size_t wl;

					while (we < p + len && *we != '\t')
						we++;
					wl = (size_t)(we - (w + 8));
					if (wl >= sizeof(c->units))
						wl = sizeof(c->units) - 1;
					memcpy(c->units, w + 8, wl);
					c->units[wl] = '\0';
				}
			}
			first = 0;
			p = nl ? nl + 1 : end;
			continue;
		}
		first = 0;
		if (len == 0) {
			p = nl ? nl + 1 : end;
			continue;
		}
		if (parse_sample_line(p, len, &sl, &why) == -1) {
			struct field f[AGG_NFIELDS + 1];

			if (split_tabs(p, len, f, AGG_NFIELDS) == AGG_NFIELDS)
				no_addresses(in->name);
			else
				warnx("%s:%" PRIu64 ": %s", in->name, lineno,
				    why);
			return -1;
		}
		c->sampleno++;
		if (pass == 1) {
			if (c->weight > INT64_MAX - sl.weight) {
				warnx("%s:%" PRIu64 ": the weights add up to "
				    "more than a 64-bit integer holds",
				    in->name, lineno);
				return -1;
			}
			c->weight += sl.weight;
		}
		s = sl.f[F_STACK].s;
		se = s + sl.f[F_STACK].len;
		while (s < se) {
			struct ent *e;

			fe = frame_end(s, se);
			if (fe == s) {
				s = fe + 1;
				continue;
			}
			if (pass == 1) {
				e = ent_of(c, s, (size_t)(fe - s));
				if (e->stamp != c->sampleno) {
					e->stamp = c->sampleno;
					e->total += sl.weight;
				}
				if (fe == se)
					e->self += sl.weight;
			} else {
				uint64_t h = hash_bytes(s, (size_t)(fe - s));
				size_t k;

				e = NULL;
				for (k = h & (c->nslot - 1); c->slot[k] != 0;
				    k = (k + 1) & (c->nslot - 1)) {
					struct ent *x = &c->ents[c->slot[k] -
					    1];

					if (x->hash == h && x->n ==
					    (size_t)(fe - s) && memcmp(x->s, s,
					    x->n) == 0) {
						e = x;
						break;
					}
				}
				if (e != NULL && e->fn >= 0 &&
				    c->fns[e->fn].symbolized) {
					struct ann_fn *f = &c->fns[e->fn];
					struct ann_line *l =
					    &f->f.lines[e->line];

					if (f->stamp != c->sampleno) {
						f->stamp = c->sampleno;
						f->f.total += sl.weight;
					}
					if (f->line_stamp[e->line] !=
					    c->sampleno) {
						f->line_stamp[e->line] =
						    c->sampleno;
						l->total += sl.weight;
					}
					if (fe == se) {
						f->f.self += sl.weight;
						l->self += sl.weight;
					}
				} else if (e != NULL && e->fn >= 0 &&
				    c->fns[e->fn].wanted && e->row >= 0) {
					struct ann_fn *f = &c->fns[e->fn];
					struct ann_row *r = &f->f.rows[e->row];
					int leaf = fe == se;

					if (f->stamp != c->sampleno) {
						f->stamp = c->sampleno;
						f->f.total += sl.weight;
					}
					if (f->row_stamp[e->row] !=
					    c->sampleno) {
						f->row_stamp[e->row] =
						    c->sampleno;
						r->total += sl.weight;
					}
					if (leaf) {
						f->f.self += sl.weight;
						r->self += sl.weight;
					}
					if (r->line >= 0) {
						struct ann_line *l =
						    &f->f.lines[r->line];

						if (f->line_stamp[r->line] !=
						    c->sampleno) {
							f->line_stamp[r->line]
							    = c->sampleno;
							l->total += sl.weight;
						}
						if (leaf)
							l->self += sl.weight;
					}
					if (r->inl >= 0) {
						struct ann_inl *l =
						    &f->f.inls[r->inl];

						if (f->inl_stamp[r->inl] !=
						    c->sampleno) {
							f->inl_stamp[r->inl] =
							    c->sampleno;
							l->total += sl.weight;
						}
						if (leaf)
							l->self += sl.weight;
					}
				}
			}
			s = fe + 1;
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}

/*
 * Read the files into memory, each read once (pass 1) as it comes.
 * Returns 0, or -1 after a message (c->bad_input set).
 */
int
ann_load(struct ctx *c, char **files, size_t n)
{
	c->in = xcalloc(n, sizeof(*c->in));
	for (size_t i = 0; i < n; i++) {
		c->in[i].name = input_name(files[i]);
		if (input_slurp(files[i], SIZE_MAX / 2, &c->in[i].data,
		    &c->in[i].len) == -1) {
			c->bad_input = 1;
			return -1;
		}
		c->nin++;
		if (ann_read_input(c, &c->in[i], 1) == -1) {
			c->bad_input = 1;
			return -1;
		}
	}
	return 0;
}
