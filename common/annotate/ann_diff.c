/*
 * ann_diff.c: sp-annotate --diff, one function of two profiles side by
 * side.  Rows are the source lines of either side, matched by file and
 * number (so that two builds compare), or with -d the instructions when
 * both sides were read from the same binary:
 *
 *	   self_a   self_b    delta  d_share      z    line  source
 *	     1312     1500     +188   +3.30%   4.10      27  x = x * ...
 *
 * d_share is the change of the row's share of its profile's weight, in
 * points; z that change in standard errors of a two-proportion test on
 * the profiles' sample counts, as sp-diff computes it, and "~" marks a
 * change within sampling noise (|z| < 2).  Only sampling noise is judged:
 * the variation between runs is not known from one run a side, and the
 * listing says so.  It uses base/ only.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/ann_impl.h"
#include "base/util.h"

struct drow {
	const char *file;	/* source rows */
	uint32_t line;
	uint64_t addr;		/* instruction rows */
	const char *text;
	int64_t	 a, b;
};

static int
by_row(const void *x, const void *y)
{
	const struct drow *p = x, *q = y;
	int k;

	if (p->file != NULL && q->file != NULL) {
		if ((k = strcmp(p->file, q->file)) != 0)
			return k;
		return p->line < q->line ? -1 : p->line > q->line;
	}
	return p->addr < q->addr ? -1 : p->addr > q->addr;
}

static void
add(struct drow **v, size_t *n, const struct drow *r, int side)
{
	for (size_t i = 0; i < *n; i++) {
		struct drow *x = &(*v)[i];

		if ((r->file != NULL && x->file != NULL && x->line == r->line &&
		    strcmp(x->file, r->file) == 0) || (r->file == NULL &&
		    x->file == NULL && x->addr == r->addr)) {
			if (side == 0)
				x->a += r->a;
			else
				x->b += r->b;
			if (x->text == NULL)
				x->text = r->text;
			return;
		}
	}
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = *r;
}

/* The z of the change of a share from ka/na to kb/nb. */
static double
zscore(int64_t ka, int64_t na, int64_t kb, int64_t nb)
{
	double pa, pb, p, se;

	if (na <= 0 || nb <= 0)
		return 0;
	pa = (double)ka / (double)na;
	pb = (double)kb / (double)nb;
	p = (double)(ka + kb) / (double)(na + nb);
	se = sqrt(p * (1 - p) * (1.0 / (double)na + 1.0 / (double)nb));
	return se > 0 ? (pb - pa) / se : 0;
}

static void
side(FILE *fp, const char *name, const struct ann_prof *pr,
    const struct ann_func *f)
{
	if (f == NULL)
		fprintf(fp, "%s: not in the profile\n", name);
	else
		fprintf(fp, "%s: self %" PRId64 " %s, %.2f%% of the profile "
		    "(%" PRId64 ")\n", name, f->self, pr->units, pr->weight > 0 ?
		    100.0 * (double)f->self / (double)pr->weight : 0.0,
		    pr->weight);
}

static void
text(FILE *fp, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == '\t')
			fputs("    ", fp);
		else
			putc(ch < 0x20 || ch == 0x7f ? '?' : ch, fp);
	}
}

void
ann_diff_func(FILE *fp, const struct ann_opts *o, const struct ann_prof *pa,
    const struct ann_func *fa, const struct ann_prof *pb,
    const struct ann_func *fb)
{
	const struct ann_func *f[2] = { fa, fb };
	struct drow *v = NULL;
	size_t n = 0;
	int insns = o->view != ANN_SOURCE && fa != NULL && fb != NULL &&
	    fa->binary != NULL && fb->binary != NULL &&
	    strcmp(fa->binary, fb->binary) == 0 && fa->has_insns;

	fprintf(fp, "%s\n", fb != NULL ? fb->frame : fa->frame);
	side(fp, "a", pa, fa);
	side(fp, "b", pb, fb);
	fputs("note: only sampling noise is judged (a two-proportion z on the "
	    "sample counts; ~: |z| < 2): one run a side tells nothing of the "
	    "variation between runs\n", fp);
	for (int s = 0; s < 2; s++) {
		if (f[s] == NULL)
			continue;
		if (insns)
			for (size_t i = 0; i < f[s]->nrows; i++) {
				struct drow r = { 0 };

				r.addr = f[s]->rows[i].addr;
				r.text = f[s]->rows[i].text;
				r.a = s == 0 ? f[s]->rows[i].self : 0;
				r.b = s == 1 ? f[s]->rows[i].self : 0;
				add(&v, &n, &r, s);
			}
		else
			for (size_t i = 0; i < f[s]->nlines; i++) {
				struct drow r = { 0 };

				r.file = f[s]->lines[i].file;
				r.line = f[s]->lines[i].line;
				r.a = s == 0 ? f[s]->lines[i].self : 0;
				r.b = s == 1 ? f[s]->lines[i].self : 0;
				add(&v, &n, &r, s);
			}
	}
	qsort(v, n, sizeof(*v), by_row);
	fprintf(fp, "   self_a   self_b     delta  d_share       z  %s\n",
	    insns ? "  address  instruction" : "   line  source");
	for (size_t i = 0; i < n; i++) {
		const struct drow *r = &v[i];
		double sa = pa->weight > 0 ? (double)r->a / (double)pa->weight :
		    0, sb = pb->weight > 0 ? (double)r->b / (double)pb->weight :
		    0, z;

		if (r->a == 0 && r->b == 0)
			continue;
		z = zscore(r->a, pa->weight, r->b, pb->weight);
		fprintf(fp, "%9" PRId64 "%9" PRId64 " %+9" PRId64 " %+7.2f%%"
		    " %7.2f%s", r->a, r->b, r->b - r->a, 100 * (sb - sa), z,
		    fabs(z) < 2 ? "~" : " ");
		if (insns) {
			fprintf(fp, " %8" PRIx64 ":  ", r->addr);
			if (r->text != NULL)
				text(fp, r->text, strlen(r->text));
		} else {
			const struct ann_src *src = ann_src_get(o, r->file);
			const char *t;
			size_t len;

			fprintf(fp, " %6" PRIu32 "  ", r->line);
			if ((t = ann_src_line(src, r->line, &len)) != NULL)
				text(fp, t, len);
			else {
				const char *b = strrchr(r->file, '/');

				fprintf(fp, "(%s)", b ? b + 1 : r->file);
			}
		}
		putc('\n', fp);
	}
	free(v);
}
