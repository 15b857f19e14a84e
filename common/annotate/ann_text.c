/*
 * ann_text.c: one annotated function as text (sp-annotate's default
 * output).  A heading names the function, its self and total and the
 * files; notes say what is missing and why; then the source view (each
 * line of the function's file with its self and total, inlined callees'
 * lines under the line that calls them, lines far from any sample elided
 * with -n) or the instruction view (each instruction with its samples,
 * under the source line it belongs to).  The columns:
 *
 *	    self      %     total      %  line  source
 *	     653  98.49       653  98.49    24          x = x * 636...
 *
 * the percentages of the function's self and total (or, with
 * --percent=profile, of the whole profile's weight).  A zero count is
 * written ".", as pprof list does.  Lines at 5% and more of the function
 * are red on a terminal, at 0.5% green, as perf annotate colours them.
 * It uses base/ only.
 */
#include <inttypes.h>
#include <string.h>

#include "annotate/ann_impl.h"
#include "base/util.h"

#define RED	"\033[31m"
#define GREEN	"\033[32m"
#define BOLD	"\033[1m"
#define OFF	"\033[m"

static void
pct(FILE *fp, int64_t v, int64_t of)
{
	if (v == 0 || of <= 0)
		fputs("       ", fp);
	else
		fprintf(fp, " %6.2f", 100.0 * (double)v / (double)of);
}

static void
count(FILE *fp, int64_t v)
{
	if (v == 0)
		fprintf(fp, "%9s", ".");
	else
		fprintf(fp, "%9" PRId64, v);
}

/* The four number columns. */
static void
nums(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f, int64_t self, int64_t total)
{
	count(fp, self);
	pct(fp, self, o->pct_profile ? pr->weight : f->self);
	count(fp, total);
	pct(fp, total, o->pct_profile ? pr->weight : f->total);
}

static const char *
heat(const struct ann_opts *o, const struct ann_func *f, int64_t self)
{
	double p;

	if (!o->color || self <= 0 || f->self <= 0)
		return NULL;
	p = 100.0 * (double)self / (double)f->self;
	return p >= 5 ? RED : p >= 0.5 ? GREEN : NULL;
}

static void
text(FILE *fp, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == '\t')
			fputs("    ", fp);
		else if (ch < 0x20 || ch == 0x7f)
			putc('?', fp);
		else
			putc(ch, fp);
	}
}

static const char *
base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* A share in a heading: always a figure. */
static void
share(FILE *fp, int64_t v, int64_t of)
{
	fprintf(fp, " %.2f", of > 0 ? 100.0 * (double)v / (double)of : 0.0);
}

static void
heading(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f)
{
	if (o->color)
		fputs(BOLD, fp);
	fputs(f->frame, fp);
	if (o->color)
		fputs(OFF, fp);
	fprintf(fp, "  self %" PRId64 " %s", f->self, pr->units);
	share(fp, f->self, pr->weight);
	fputs("% of the profile", fp);
	/* A library's addresses: their totals overlap, no sum. */
	if (!f->addr_table || f->nrows == 0) {
		fprintf(fp, ", total %" PRId64, f->total);
		share(fp, f->total, pr->weight);
		putc('%', fp);
	}
	putc('\n', fp);
	if (f->binary != NULL)
		fprintf(fp, "binary %s, 0x%" PRIx64 "-0x%" PRIx64 "\n",
		    f->binary, f->lo, f->hi);
}

static void
note(FILE *fp, const char *why)
{
	if (why != NULL)
		fprintf(fp, "note: %s\n", why);
}

static void
source_line(FILE *fp, const struct ann_opts *o, const struct ann_src *src,
    uint32_t n, int bold)
{
	const char *s;
	size_t len;

	if (src != NULL && (s = ann_src_line(src, n, &len)) != NULL) {
		if (bold && o->color)
			fputs(BOLD, fp);
		text(fp, s, len);
		if (bold && o->color)
			fputs(OFF, fp);
	}
}

static void
inl_rows(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f, long line)
{
	for (size_t k = 0; k < f->ninls; k++) {
		const struct ann_inl *in = &f->inls[k];

		if (in->line != line || (in->self == 0 && in->total == 0))
			continue;
		nums(fp, o, pr, f, in->self, in->total);
		fprintf(fp, "          inlined %s", in->name);
		if (in->file[0] != '\0')
			fprintf(fp, " (%s:%" PRIu32 ")", base_name(in->file),
			    in->at);
		putc('\n', fp);
	}
}

/*
 * The source view of one file of the function: lines lo..hi of it (the
 * function's lines in that file), those of lines[a..b).  Returns -1 when
 * the file cannot be read.
 */
static int
source_file(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f, size_t a, size_t b)
{
	const struct ann_src *src = ann_src_get(o, f->lines[a].file);
	uint32_t lo = f->lines[a].line, hi = f->lines[b - 1].line;
	size_t k = a;
	int elided = 0;

	if (src->path == NULL)
		return -1;
	fprintf(fp, "%s\n", src->path);
	fprintf(fp, "     self       %%     total       %%   line  source\n");
	for (uint32_t n = lo; n <= hi; n++) {
		const struct ann_line *l = NULL;
		const char *h;
		int show = 1;

		while (k < b && f->lines[k].line < n)
			k++;
		if (k < b && f->lines[k].line == n)
			l = &f->lines[k];
		if (o->context >= 0) {
			show = 0;
			for (size_t j = a; j < b; j++) {
				const struct ann_line *x = &f->lines[j];

				if ((x->self || x->total) &&
				    (int64_t)x->line - o->context <=
				    (int64_t)n && (int64_t)n <=
				    (int64_t)x->line + o->context) {
					show = 1;
					break;
				}
			}
		}
		if (!show) {
			if (!elided)
				fputs("      ...\n", fp);
			elided = 1;
			continue;
		}
		elided = 0;
		h = l ? heat(o, f, l->self) : NULL;
		if (h != NULL)
			fputs(h, fp);
		nums(fp, o, pr, f, l ? l->self : 0, l ? l->total : 0);
		fprintf(fp, " %6" PRIu32 "  ", n);
		source_line(fp, o, src, n, 0);
		if (h != NULL)
			fputs(OFF, fp);
		putc('\n', fp);
		if (l != NULL)
			inl_rows(fp, o, pr, f, (long)(l - f->lines));
	}
	return 0;
}

static void
source_view(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f, int *missing)
{
	size_t a = 0;

	while (a < f->nlines) {
		size_t b = a + 1;

		while (b < f->nlines && strcmp(f->lines[b].file,
		    f->lines[a].file) == 0)
			b++;
		if (source_file(fp, o, pr, f, a, b) == -1) {
			fprintf(fp, "note: source file %s not found%s\n",
			    f->lines[a].file, o->source_root ? " (nor under "
			    "--source-root)" : " (--source-root DIR to look "
			    "elsewhere)");
			*missing = 1;
		}
		a = b;
	}
}

static void
insn_view(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f, int with_source)
{
	long prev = -2;

	fprintf(fp, "     self       %%     total       %%  %s\n",
	    f->has_insns ? "address  instruction" : "address");
	for (size_t i = 0; i < f->nrows; i++) {
		const struct ann_row *r = &f->rows[i];
		const char *h;

		if (r->line != prev && r->line >= 0) {
			const struct ann_line *l = &f->lines[r->line];
			const struct ann_src *src = with_source ?
			    ann_src_get(o, l->file) : NULL;

			fprintf(fp, "%38s%s:%" PRIu32, "",
			    base_name(l->file), l->line);
			if (src != NULL && ann_src_line(src, l->line,
			    &(size_t){ 0 }) != NULL) {
				fputs("  ", fp);
				source_line(fp, o, src, l->line, 1);
			}
			putc('\n', fp);
			prev = r->line;
		}
		h = heat(o, f, r->self);
		if (h != NULL)
			fputs(h, fp);
		nums(fp, o, pr, f, r->self, r->total);
		fprintf(fp, "  %8" PRIx64 ":  ", r->addr);
		if (r->text != NULL)
			text(fp, r->text, strlen(r->text));
		if (h != NULL)
			fputs(OFF, fp);
		putc('\n', fp);
	}
}

void
ann_text_func(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f)
{
	int missing = 0;

	heading(fp, o, pr, f);
	if (f->addr_table) {
		note(fp, f->no_code);
		if (f->nrows == 0)
			return;
		fprintf(fp, "     self       %%     total       %%  address\n");
		for (size_t i = 0; i < f->nrows; i++) {
			nums(fp, o, pr, f, f->rows[i].self, f->rows[i].total);
			fprintf(fp, "  0x%" PRIx64 "\n", f->rows[i].addr);
		}
		return;
	}
	note(fp, f->no_lines);
	if (o->view != ANN_SOURCE || f->nlines == 0)
		note(fp, f->no_insns);
	if (o->view == ANN_SOURCE && f->nlines > 0) {
		source_view(fp, o, pr, f, &missing);
		if (!missing)
			return;
		note(fp, f->no_insns);
	}
	if (f->nrows > 0)
		insn_view(fp, o, pr, f, o->view == ANN_BOTH ||
		    o->view == ANN_SOURCE);
	else if (o->view != ANN_SOURCE && f->nlines > 0) {
		/* No instructions (a symbolized stream): the lines. */
		source_view(fp, o, pr, f, &missing);
	}
}
