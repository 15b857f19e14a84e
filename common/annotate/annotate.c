/*
 * annotate.c: sp-annotate's work (annotate.h), its steps driven here.
 * The inputs are held in memory and read twice (ann_input.c):
 *
 *  1. every distinct frame of the stacks is noted once (a hash of its
 *     bytes), with its self and total weight; an address frame
 *     (LIB!0xADDR) with its library and address, a named one as it is;
 *  2. each library with address frames that an argument may name is
 *     found, its addresses placed in its functions and these named
 *     (ann_binary.c), so that the FRAME arguments match them by sp(5)'s
 *     rule; the functions matched are disassembled and their lines and
 *     inline chains asked of the symbolizer (ann_build.c);
 *  3. the second reading adds each sample's weight to the instruction,
 *     the line and the inlined callee that each of its frames falls in,
 *     once per sample (recursion), self for the innermost frame.
 *
 * A function that cannot be shown (its binary missing or not the build
 * profiled, a kernel or JIT frame, a stream without addresses) gets the
 * table of its addresses or its figures, with the reason.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "agg/framematch.h"
#include "annotate/ann_ctx.h"
#include "base/escape.h"
#include "base/glob.h"
#include "base/input.h"
#include "base/util.h"
#include "stream/frame.h"
#include "stream/stream.h"

/* ---- Frames that cannot be shown: their figures and the reason ---- */

struct nocode {
	char	*title;		/* escaped frame or "LIB" */
	char	*why;
	long	*ents;
	size_t	 n;
	int	 refused;	/* its binary is missing or not the one profiled */
};

static int
by_weight(const void *a, const void *b, const struct ctx *c)
{
	const struct ent *x = &c->ents[*(const long *)a];
	const struct ent *y = &c->ents[*(const long *)b];

	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return x->rel < y->rel ? -1 : x->rel > y->rel;
}

static const struct ctx *sort_ctx;

static int
by_weight_q(const void *a, const void *b)
{
	return by_weight(a, b, sort_ctx);
}

static void
print_nocode(FILE *fp, const struct ctx *c, struct nocode *nc)
{
	struct ann_func f = { 0 };

	/* An address table is a function without instructions. */
	sort_ctx = c;
	qsort(nc->ents, nc->n, sizeof(*nc->ents), by_weight_q);
	f.frame = nc->title;
	f.no_code = nc->why;
	f.rows = xcalloc(nc->n ? nc->n : 1, sizeof(*f.rows));
	for (size_t i = 0; i < nc->n; i++) {
		const struct ent *e = &c->ents[nc->ents[i]];

		f.self += e->self;
		f.total += e->total;
		if (!e->is_addr)
			continue;	/* a named frame: its figures only */
		f.rows[f.nrows].addr = e->rel;
		f.rows[f.nrows].self = e->self;
		f.rows[f.nrows].total = e->total;
		f.rows[f.nrows].line = f.rows[f.nrows].inl = -1;
		f.nrows++;
	}
	f.addr_table = 1;
	{
		struct ann_prof pr = { c->weight, c->units };

		if (c->o->format == ANN_HTML)
			ann_html_func(fp, c->o, &pr, &f);
		else
			ann_text_func(fp, c->o, &pr, &f);
	}
	free(f.rows);
}

static void
ctx_free(struct ctx *c)
{
	for (size_t i = 0; i < c->nfns; i++) {
		struct ann_func *f = &c->fns[i].f;

		for (size_t k = 0; k < f->nrows; k++)
			if (f->has_insns)
				free((char *)f->rows[k].text);
		free(f->rows);
		free(f->lines);
		for (size_t k = 0; k < f->ninls; k++)
			free(f->inls[k].name);
		free(f->inls);
		free(f->frame);
		free(f->no_code);
		free(f->no_lines);
		free(f->no_insns);
		free(c->fns[i].row_stamp);
		free(c->fns[i].line_stamp);
		free(c->fns[i].inl_stamp);
	}
	free(c->fns);
	for (size_t i = 0; i < c->nstrs; i++)
		free(c->strs[i]);
	free(c->strs);
	for (size_t i = 0; i < c->nlibs; i++) {
		struct lib *l = &c->libs[i];

		free(l->name);
		free(l->uname);
		free(l->path);
		free(l->debug_name);
		free(l->debug_path);
		free(l->code_id);
		free(l->breakpad_id);
		free(l->arch);
		free(l->why);
		free(l->code_file);
		free(l->line_file);
		ann_syms_free(&l->syms);
		free(l->fn_of);
		free(l->arena);
	}
	free(c->libs);
	free(c->ents);
	free(c->slot);
	for (size_t i = 0; i < c->nin; i++)
		free(c->in[i].data);
	free(c->in);
	ann_src_free_all();
}

static int
by_fn_weight(const void *a, const void *b)
{
	const struct ann_fn *x = &sort_ctx->fns[*(const long *)a];
	const struct ann_fn *y = &sort_ctx->fns[*(const long *)b];

	if (x->f.self != y->f.self)
		return x->f.self > y->f.self ? -1 : 1;
	if (x->f.total != y->f.total)
		return x->f.total > y->f.total ? -1 : 1;
	return strcmp(x->f.frame, y->f.frame);
}

/*
 * A frame of a stream symbolized with lines ("app!parse @ p.c:7"): a line
 * of the function "app!parse", whose source view is made of such frames
 * (without instructions: the addresses are gone).
 */
static void
symbolized_line(struct ctx *c, struct ent *e, const struct sp_frame *fr)
{
	size_t kn = (size_t)(fr->name + fr->namelen - e->s), i;
	struct buf file = { 0 };
	struct ann_fn *f;

	for (i = 0; i < c->nfns; i++)
		if (c->fns[i].symbolized && strlen(c->fns[i].f.frame) == kn &&
		    memcmp(c->fns[i].f.frame, e->s, kn) == 0)
			break;
	if (i == c->nfns) {
		xgrow(&c->fns, &c->capfns, c->nfns + 1, sizeof(*c->fns));
		f = &c->fns[c->nfns++];
		memset(f, 0, sizeof(*f));
		f->symbolized = f->wanted = 1;
		f->lib = UINT32_MAX;
		f->f.frame = xmemdup(e->s, kn);
		f->f.no_insns = xstrdup("the stream is symbolized: its "
		    "addresses are gone, and the instructions with them "
		    "(annotate the stream before sp-symbolize for them)");
	}
	f = &c->fns[i];
	if (unesc_append(&file, fr->file, fr->filelen) == -1)
		buf_reset(&file);
	buf_addc(&file, '\0');
	c->strs = xreallocarray(c->strs, c->nstrs + 1, sizeof(*c->strs));
	c->strs[c->nstrs++] = file.s;
	e->fn = (long)i;
	e->line = ann_line_index(&f->f, file.s, (uint32_t)fr->line);
}

/* The lines of symbolized functions in order, their stamps made. */
static void
finish_symbolized(struct ctx *c)
{
	for (size_t i = 0; i < c->nfns; i++) {
		struct ann_fn *fn = &c->fns[i];
		struct ann_func *f = &fn->f;
		long *newi;
		size_t best = 0;

		if (!fn->symbolized)
			continue;
		/* The main file: the one with the most lines. */
		for (size_t k = 0; k < f->nlines; k++) {
			size_t n = 0;

			for (size_t j = 0; j < f->nlines; j++)
				n += strcmp(f->lines[j].file,
				    f->lines[k].file) == 0;
			if (n > best) {
				best = n;
				f->main_file = f->lines[k].file;
			}
		}
		/* order_lines renumbers rows; the entries are renumbered here. */
		newi = xreallocarray(NULL, f->nlines ? f->nlines : 1,
		    sizeof(*newi));
		for (size_t k = 0; k < f->nlines; k++)
			f->lines[k].self = (int64_t)k;	/* the old index */
		ann_order_lines(fn);
		for (size_t k = 0; k < f->nlines; k++) {
			newi[f->lines[k].self] = (long)k;
			f->lines[k].self = 0;
		}
		for (size_t k = 0; k < c->nents; k++)
			if (c->ents[k].fn == (long)i)
				c->ents[k].line = newi[c->ents[k].line];
		free(newi);
		fn->line_stamp = xreallocarray(NULL, f->nlines ? f->nlines :
		    1, sizeof(uint64_t));
		memset(fn->line_stamp, 0xff, (f->nlines ? f->nlines : 1) *
		    sizeof(uint64_t));
	}
}

/*
 * Which functions and frames the arguments name.  Returns 0, or -1 after
 * saying which argument names nothing.
 */
static int
match(struct ctx *c, struct nocode **ncp, size_t *nncp)
{
	struct nocode *nc = NULL;
	size_t nnc = 0;
	int bad = 0;

	for (size_t a = 0; a < c->o->nframes; a++) {
		struct fmatch m;
		int hit = 0;

		fm_init(&m, c->o->frames[a], strlen(c->o->frames[a]));
		for (size_t i = 0; i < c->nfns; i++)
			if (fm_match(&m, c->fns[i].f.frame,
			    strlen(c->fns[i].f.frame))) {
				c->fns[i].wanted = 1;
				hit = 1;
			}
		/* Named frames: kernel, JIT, a stream already symbolized. */
		for (size_t i = 0; i < c->nents; i++) {
			struct ent *e = &c->ents[i];
			struct sp_frame fr;
			size_t k;

			if (e->is_addr)
				continue;
			sp_frame_split(e->s, e->n, &fr);
			/* "app!parse" names "app!parse @ p.c:7" here too. */
			if (!fm_match(&m, e->s, e->n) && (fr.file == NULL ||
			    !fm_match(&m, e->s, (size_t)(fr.name + fr.namelen -
			    e->s))))
				continue;
			hit = 1;
			if (e->fn >= 0)
				continue;	/* another argument took it */
			if (fr.file != NULL && fr.line > 0 && fr.line <=
			    UINT32_MAX) {
				symbolized_line(c, e, &fr);
				continue;
			}
			for (k = 0; k < nnc; k++)
				if (strlen(nc[k].title) == e->n &&
				    memcmp(nc[k].title, e->s, e->n) == 0)
					break;
			if (k < nnc)
				continue;
			nc = xreallocarray(nc, nnc + 1, sizeof(*nc));
			memset(&nc[nnc], 0, sizeof(nc[0]));
			nc[nnc].title = xmemdup(e->s, e->n);
			{
				const char *w = NULL;

				if (fr.lib != NULL) {
					uint32_t li = ann_lib_of(c, fr.lib,
					    fr.liblen);

					w = ann_lib_why(&c->libs[li]);
				}
				nc[nnc].why = xstrdup(w ? w : "the stream names "
				    "this frame but has no addresses for it "
				    "(symbolized): annotate the stream before "
				    "sp-symbolize (sp-flatten of the "
				    "recording)");
			}
			nc[nnc].ents = xmalloc(sizeof(long));
			nc[nnc].ents[0] = (long)i;
			nc[nnc].n = 1;
			nnc++;
		}
		/* Address frames of a library whose code cannot be read. */
		for (size_t li = 0; li < c->nlibs; li++) {
			struct lib *l = &c->libs[li];
			struct buf t = { 0 };
			int named;

			if (!l->has_addrs || l->why == NULL)
				continue;
			buf_add(&t, l->name, l->name_len);
			buf_adds(&t, "!");
			/* "LIB!..." names the library: its addresses. */
			named = !m.bare && m.n > l->name_len &&
			    memcmp(m.s, l->name, l->name_len) == 0 &&
			    m.s[l->name_len] == '!';
			if (!named) {
				buf_free(&t);
				continue;
			}
			hit = 1;
			buf_add(&t, m.s + l->name_len + 1, m.n - l->name_len -
			    1);
			nc = xreallocarray(nc, nnc + 1, sizeof(*nc));
			memset(&nc[nnc], 0, sizeof(nc[0]));
			nc[nnc].title = t.s;
			nc[nnc].refused = ann_lib_why(l) == NULL;
			if (nc[nnc].refused)
				warnx("%s: %s", l->uname, l->why);
			{
				struct buf w = { 0 };

				buf_printf(&w, "%s; the addresses of %s "
				    "sampled", l->why, l->uname);
				nc[nnc].why = w.s;
			}
			for (size_t i = 0; i < c->nents; i++)
				if (c->ents[i].is_addr && c->ents[i].lib ==
				    li && c->ents[i].self + c->ents[i].total >
				    0) {
					nc[nnc].ents = xreallocarray(
					    nc[nnc].ents, nc[nnc].n + 1,
					    sizeof(long));
					nc[nnc].ents[nc[nnc].n++] = (long)i;
				}
			nnc++;
		}
		if (!hit && c->quiet) {
			bad = 1;
			continue;
		}
		if (!hit) {
			struct fm_near near;

			fm_near_init(&near, &m);
			for (size_t i = 0; i < c->nfns; i++)
				fm_near_add(&near, c->fns[i].f.frame,
				    strlen(c->fns[i].f.frame));
			for (size_t i = 0; i < c->nents; i++)
				if (!c->ents[i].is_addr)
					fm_near_add(&near, c->ents[i].s,
					    c->ents[i].n);
			/* Where the function may hide: binaries not read. */
			for (size_t li = 0; li < c->nlibs; li++)
				if (c->libs[li].has_addrs &&
				    c->libs[li].why != NULL &&
				    ann_lib_why(&c->libs[li]) == NULL)
					warnx("%s: %s", c->libs[li].uname,
					    c->libs[li].why);
			fm_near_report(&near, "function", &m, NULL);
			bad = 1;
		}
	}
	*ncp = nc;
	*nncp = nnc;
	return bad ? -1 : 0;
}

/*
 * Can an argument name a function of l?  A bare name or a pattern in the
 * library part may; "app!parse" only in app.  The other libraries' symbol
 * tables are not read (nor their mangled names asked of the symbolizer).
 */
static int
lib_may_match(const struct ctx *c, const struct lib *l)
{
	for (size_t a = 0; a < c->o->nframes; a++) {
		const char *f = c->o->frames[a], *bang = strchr(f, '!');

		if (bang == NULL || glob_has_magic(f, (size_t)(bang - f)) ||
		    ((size_t)(bang - f) == l->name_len &&
		    memcmp(f, l->name, l->name_len) == 0))
			return 1;
	}
	return 0;
}

/*
 * Read the inputs, find the functions, build and fill those wanted.
 * Returns 0, or -1 after a message (bad input; with !quiet, a frame that
 * names nothing).  order[0..*nwant) are the wanted functions, the most
 * self first.
 */
static int
prepare(struct ctx *c, const struct ann_opts *o, char **files, size_t n,
    struct nocode **nc, size_t *nnc, long **order, size_t *nwant, int quiet)
{
	int rc = 0;

	c->o = o;
	c->quiet = quiet;
	strlcpy(c->units, "samples", sizeof(c->units));
	*nc = NULL;
	*nnc = *nwant = 0;
	*order = NULL;
	if (ann_load(c, files, n) == -1)
		return -1;
	for (size_t li = 0; li < c->nlibs; li++)
		if (c->libs[li].has_addrs && lib_may_match(c, &c->libs[li]))
			ann_resolve_lib(c, (uint32_t)li);
	if (match(c, nc, nnc) == -1)
		rc = -1;
	for (size_t i = 0; i < c->nfns; i++)
		if (c->fns[i].wanted)
			(*nwant)++;
	for (size_t li = 0; li < c->nlibs; li++)
		ann_build_lib(c, (uint32_t)li);
	finish_symbolized(c);
	c->sampleno = 0;
	if (*nwant > 0)
		for (size_t i = 0; i < c->nin; i++)
			ann_read_input(c, &c->in[i], 2);
	*order = xreallocarray(NULL, c->nfns ? c->nfns : 1, sizeof(**order));
	*nwant = 0;
	for (size_t i = 0; i < c->nfns; i++)
		if (c->fns[i].wanted)
			(*order)[(*nwant)++] = (long)i;
	sort_ctx = c;
	qsort(*order, *nwant, sizeof(**order), by_fn_weight);
	return rc;
}

static void
nocode_free(struct nocode *nc, size_t nnc)
{
	for (size_t i = 0; i < nnc; i++) {
		free(nc[i].title);
		free(nc[i].why);
		free(nc[i].ents);
	}
	free(nc);
}

int
ann_run(const struct ann_opts *o, char **files, size_t n)
{
	struct ctx c = { 0 };
	struct nocode *nc;
	size_t nnc, nwant;
	long *order;
	int status = 0;

	if (prepare(&c, o, files, n, &nc, &nnc, &order, &nwant, 0) == -1) {
		status = 1;
		goto out;
	}
	{
		struct ann_prof pr = { c.weight, c.units };

		if (o->format == ANN_HTML)
			ann_html_begin(stdout, &pr, o->frames[0]);
		for (size_t i = 0; i < nwant; i++) {
			if (o->format == ANN_HTML)
				ann_html_func(stdout, o, &pr,
				    &c.fns[order[i]].f);
			else {
				if (i > 0)
					putchar('\n');
				ann_text_func(stdout, o, &pr,
				    &c.fns[order[i]].f);
			}
		}
		for (size_t i = 0; i < nnc; i++) {
			if (o->format != ANN_HTML && (nwant > 0 || i > 0))
				putchar('\n');
			print_nocode(stdout, &c, &nc[i]);
			if (nc[i].refused)
				status = 1;
		}
		if (o->format == ANN_HTML)
			ann_html_end(stdout);
	}
out:
	free(order);
	nocode_free(nc, nnc);
	ctx_free(&c);
	return status;
}

int
ann_diff(const struct ann_opts *o, char *a, char *b)
{
	struct ctx ca = { 0 }, cb = { 0 };
	struct nocode *nca = NULL, *ncb = NULL;
	size_t nnca = 0, nncb = 0, nwa = 0, nwb = 0, shown = 0;
	long *oa = NULL, *ob = NULL;
	int status = 0;

	/* A side may lack the function (added, removed): no error there. */
	(void)prepare(&ca, o, &a, 1, &nca, &nnca, &oa, &nwa, 1);
	if (!ca.bad_input)
		(void)prepare(&cb, o, &b, 1, &ncb, &nncb, &ob, &nwb, 1);
	if (ca.bad_input || cb.bad_input) {
		status = 1;
		goto out;
	}
	if (nwa == 0 && nwb == 0) {
		/* Say which frame names nothing, by the side after. */
		struct nocode *x;
		size_t nx;

		cb.quiet = 0;
		if (match(&cb, &x, &nx) == -1)
			status = 1;
		else {
			warnx("%s: no function to compare (annotate each side "
			    "to see why)", o->frames[0]);
			status = 1;
		}
		nocode_free(x, nx);
		goto out;
	}
	{
		struct ann_prof pa = { ca.weight, ca.units };
		struct ann_prof pb = { cb.weight, cb.units };

		/* The functions of b, then those only in a. */
		for (size_t i = 0; i < nwb; i++) {
			const struct ann_func *fb = &cb.fns[ob[i]].f, *fa = NULL;

			for (size_t k = 0; k < nwa; k++)
				if (strcmp(ca.fns[oa[k]].f.frame, fb->frame) ==
				    0)
					fa = &ca.fns[oa[k]].f;
			if (shown++ > 0)
				putchar('\n');
			ann_diff_func(stdout, o, &pa, fa, &pb, fb);
		}
		for (size_t k = 0; k < nwa; k++) {
			const struct ann_func *fa = &ca.fns[oa[k]].f;
			int inb = 0;

			for (size_t i = 0; i < nwb; i++)
				if (strcmp(cb.fns[ob[i]].f.frame, fa->frame) ==
				    0)
					inb = 1;
			if (inb)
				continue;
			if (shown++ > 0)
				putchar('\n');
			ann_diff_func(stdout, o, &pa, fa, &pb, NULL);
		}
	}
out:
	free(oa);
	free(ob);
	nocode_free(nca, nnca);
	nocode_free(ncb, nncb);
	ctx_free(&ca);
	ctx_free(&cb);
	return status;
}
