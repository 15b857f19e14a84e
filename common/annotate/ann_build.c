/*
 * ann_build.c: the listing of each wanted function (ann_impl.h's
 * ann_func): its instructions from the disassembler (ann_objdump.c), each
 * sampled address placed on the instruction that holds it, and every
 * instruction's line and inline chain from the symbolizer, grouped into
 * the function's source lines and its inlined callees' lines.  It uses
 * base/ and sym/ (the symbolizer's results).
 */
#include <stdlib.h>
#include <string.h>

#include "annotate/ann_ctx.h"
#include "base/util.h"

long
ann_line_index(struct ann_func *f, const char *file, uint32_t line)
{
	for (size_t i = 0; i < f->nlines; i++)
		if (f->lines[i].line == line && strcmp(f->lines[i].file,
		    file) == 0)
			return (long)i;
	f->lines = xreallocarray(f->lines, f->nlines + 1, sizeof(*f->lines));
	memset(&f->lines[f->nlines], 0, sizeof(f->lines[0]));
	f->lines[f->nlines].file = file;
	f->lines[f->nlines].line = line;
	return (long)f->nlines++;
}

static long
inl_index(struct ann_func *f, long line, const char *name, size_t nl,
    const char *file, uint32_t at)
{
	for (size_t i = 0; i < f->ninls; i++)
		if (f->inls[i].line == line && f->inls[i].at == at &&
		    strlen(f->inls[i].name) == nl &&
		    memcmp(f->inls[i].name, name, nl) == 0 &&
		    strcmp(f->inls[i].file, file) == 0)
			return (long)i;
	f->inls = xreallocarray(f->inls, f->ninls + 1, sizeof(*f->inls));
	memset(&f->inls[f->ninls], 0, sizeof(f->inls[0]));
	f->inls[f->ninls].line = line;
	f->inls[f->ninls].name = ann_clean_name(name, nl);
	f->inls[f->ninls].file = file;
	f->inls[f->ninls].at = at;
	return (long)f->ninls++;
}

static const char *main_file_of(struct ann_func *);

/* The bytes between two wanted functions disassembled rather than a run. */
#define ANN_GAP	65536

/*
 * The rows, lines and inline chains of the wanted functions of library
 * li.  Functions that lie near each other are disassembled in one run of
 * the disassembler, and every function's instructions are asked of the
 * symbolizer in one run: a process each costs more than the work.
 */
void
ann_build_lib(struct ctx *c, uint32_t li)
{
	struct lib *l = &c->libs[li];
	struct sym_results r;
	size_t *w = NULL, nw = 0, nall = 0, off;
	uint64_t *addrs;

	for (size_t i = 0; i < c->nfns; i++)
		if (c->fns[i].wanted && c->fns[i].lib == li) {
			w = xreallocarray(w, nw + 1, sizeof(*w));
			w[nw++] = i;
		}
	if (nw == 0)
		return;
	for (size_t i = 1; i < nw; i++)
		for (size_t j = i; j > 0 && c->fns[w[j - 1]].f.lo >
		    c->fns[w[j]].f.lo; j--) {
			size_t t = w[j];

			w[j] = w[j - 1];
			w[j - 1] = t;
		}
	for (size_t g = 0, h; g < nw; g = h) {
		struct ann_insns ins = { 0 };
		struct buf msg = { 0 };
		uint64_t hi = c->fns[w[g]].f.hi;

		for (h = g + 1; h < nw && c->fns[w[h]].f.lo <= hi + ANN_GAP;
		    h++)
			if (c->fns[w[h]].f.hi > hi)
				hi = c->fns[w[h]].f.hi;
		if (ann_disasm(l->code_file, c->fns[w[g]].f.lo, hi, &ins,
		    &msg) == 0) {
			for (size_t k = g; k < h; k++) {
				struct ann_func *f = &c->fns[w[k]].f;

				f->has_insns = 1;
				for (size_t i = 0; i < ins.n; i++) {
					if (ins.v[i].addr < f->lo ||
					    ins.v[i].addr >= f->hi)
						continue;
					f->rows = xreallocarray(f->rows,
					    f->nrows + 1, sizeof(*f->rows));
					memset(&f->rows[f->nrows], 0,
					    sizeof(f->rows[0]));
					f->rows[f->nrows].addr = ins.v[i].addr;
					f->rows[f->nrows++].text =
					    xstrdup(ins.v[i].text);
				}
			}
		} else
			for (size_t k = g; k < h; k++)
				c->fns[w[k]].f.no_insns = xstrdup(msg.s);
		ann_insns_free(&ins);
		buf_free(&msg);
	}
	/* Without instructions: the sampled addresses themselves, in order. */
	for (size_t i = 0; i < c->nents; i++) {
		struct ent *e = &c->ents[i];
		struct ann_func *f;

		if (e->fn < 0 || !c->fns[e->fn].wanted ||
		    c->fns[e->fn].lib != li || c->fns[e->fn].f.has_insns)
			continue;
		f = &c->fns[e->fn].f;
		f->rows = xreallocarray(f->rows, f->nrows + 1,
		    sizeof(*f->rows));
		memset(&f->rows[f->nrows], 0, sizeof(f->rows[0]));
		f->rows[f->nrows++].addr = e->svma;
		for (size_t j = f->nrows - 1; j > 0 && f->rows[j - 1].addr >
		    f->rows[j].addr; j--) {
			struct ann_row t = f->rows[j];

			f->rows[j] = f->rows[j - 1];
			f->rows[j - 1] = t;
		}
	}
	/* Each address to the row that holds it (skid: the instruction). */
	for (size_t i = 0; i < c->nents; i++) {
		struct ent *e = &c->ents[i];
		struct ann_func *f;
		size_t lo = 0, hi;

		if (e->fn < 0 || !c->fns[e->fn].wanted ||
		    c->fns[e->fn].lib != li)
			continue;
		f = &c->fns[e->fn].f;
		hi = f->nrows;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (f->rows[mid].addr <= e->svma)
				lo = mid + 1;
			else
				hi = mid;
		}
		e->row = lo > 0 ? (long)lo - 1 : 0;
	}
	for (size_t k = 0; k < nw; k++)
		nall += c->fns[w[k]].f.nrows;
	addrs = xreallocarray(NULL, nall ? nall : 1, sizeof(*addrs));
	off = 0;
	for (size_t k = 0; k < nw; k++)
		for (size_t i = 0; i < c->fns[w[k]].f.nrows; i++)
			addrs[off++] = c->fns[w[k]].f.rows[i].addr;
	if (ann_symbolize(l, addrs, nall, &r) == -1 && r.answered == 0) {
		enum sym_backend be;

		if (ann_symbolizer(&be) == NULL)
			for (size_t k = 0; k < nw; k++)
				c->fns[w[k]].f.no_lines = xstrdup("no "
				    "llvm-symbolizer or addr2line (install "
				    "llvm or binutils): no lines");
	}
	off = 0;
	for (size_t k = 0; k < nw; k++) {
		struct ann_fn *fn = &c->fns[w[k]];
		struct ann_func *f = &fn->f;
		int any_line = 0;

		/* The strings stay in the results' arena, kept with l. */
		for (size_t i = 0; i < f->nrows; i++, off++) {
			const struct sym_frame *o, *in;
			struct ann_row *row = &f->rows[i];

			row->line = row->inl = -1;
			if (off >= r.naddr || r.nframes[off] == 0)
				continue;
			o = &r.frames[r.first[off]];
			if (o->file_len == 0 || o->line == 0)
				continue;
			any_line = 1;
			row->line = ann_line_index(f, symr_str(&r, o->file),
			    o->line);
			if (r.nframes[off] > 1) {
				in = &r.frames[r.first[off] + r.nframes[off] -
				    1];
				row->inl = inl_index(f, row->line, symr_str(&r,
				    in->name), in->name_len, in->file_len ?
				    symr_str(&r, in->file) : "", in->line);
			}
		}
		if (!any_line && f->no_lines == NULL)
			f->no_lines = xstrdup(l->im.has_debug_info ||
			    strcmp(l->line_file, l->code_file) != 0 ?
			    "its debug information has no lines for it" :
			    "no line information: the binary has no debug "
			    "information (stripped, or built without -g); "
			    "names from its symbol table");
		f->main_file = main_file_of(f);
		ann_order_lines(fn);
		fn->row_stamp = xreallocarray(NULL, f->nrows ? f->nrows : 1,
		    sizeof(uint64_t));
		fn->line_stamp = xreallocarray(NULL, f->nlines ? f->nlines :
		    1, sizeof(uint64_t));
		fn->inl_stamp = xreallocarray(NULL, f->ninls ? f->ninls : 1,
		    sizeof(uint64_t));
		memset(fn->row_stamp, 0xff, (f->nrows ? f->nrows : 1) *
		    sizeof(uint64_t));
		memset(fn->line_stamp, 0xff, (f->nlines ? f->nlines : 1) *
		    sizeof(uint64_t));
		memset(fn->inl_stamp, 0xff, (f->ninls ? f->ninls : 1) *
		    sizeof(uint64_t));
	}
	l->arena = r.arena.s;
	r.arena.s = NULL;
	symr_free(&r);
	free(addrs);
	free(w);
}

/* The file most of the function's instructions have their line in. */
static const char *
main_file_of(struct ann_func *f)
{
	const char *best = NULL;
	size_t bestn = 0;

	for (size_t i = 0; i < f->nrows; i++) {
		const char *file;
		size_t n = 0;

		if (f->rows[i].line < 0)
			continue;
		file = f->lines[f->rows[i].line].file;
		if (best != NULL && strcmp(file, best) == 0)
			continue;
		for (size_t j = 0; j < f->nrows; j++)
			if (f->rows[j].line >= 0 && strcmp(f->lines[
			    f->rows[j].line].file, file) == 0)
				n++;
		if (n > bestn) {
			bestn = n;
			best = file;
		}
	}
	return best;
}

static const char *sort_main;
static const struct ann_line *sort_lines;

static int
by_file_line(const void *a, const void *b)
{
	const struct ann_line *x = &sort_lines[*(const long *)a];
	const struct ann_line *y = &sort_lines[*(const long *)b];
	int xm = sort_main && strcmp(x->file, sort_main) == 0;
	int ym = sort_main && strcmp(y->file, sort_main) == 0;
	int k;

	if (xm != ym)
		return ym - xm;
	if ((k = strcmp(x->file, y->file)) != 0)
		return k;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* Lines by file (the main one first), then by number; indexes renamed. */
void
ann_order_lines(struct ann_fn *fn)
{
	struct ann_func *f = &fn->f;
	long *ord = xreallocarray(NULL, f->nlines ? f->nlines : 1,
	    sizeof(*ord));
	long *newi = xreallocarray(NULL, f->nlines ? f->nlines : 1,
	    sizeof(*newi));
	struct ann_line *nl = xreallocarray(NULL, f->nlines ? f->nlines : 1,
	    sizeof(*nl));

	for (size_t i = 0; i < f->nlines; i++)
		ord[i] = (long)i;
	sort_main = f->main_file;
	sort_lines = f->lines;
	qsort(ord, f->nlines, sizeof(*ord), by_file_line);
	for (size_t i = 0; i < f->nlines; i++) {
		nl[i] = f->lines[ord[i]];
		newi[ord[i]] = (long)i;
	}
	for (size_t i = 0; i < f->nrows; i++)
		if (f->rows[i].line >= 0)
			f->rows[i].line = newi[f->rows[i].line];
	for (size_t i = 0; i < f->ninls; i++)
		f->inls[i].line = newi[f->inls[i].line];
	free(f->lines);
	f->lines = nl;
	free(ord);
	free(newi);
}
