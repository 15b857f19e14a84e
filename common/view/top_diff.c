/*
 * top_diff.c: sp-top's view of a diff table of sp-diff (sp(5), "#sp diff
 * 1"): the table read, its frames sorted by the size of their change and
 * shown beside each side's shares and the change's z (below).  top.c
 * hands it the table once it has read its magic line.  May use base,
 * stream and agg.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggtable.h"
#include "agg/difftable.h"
#include "agg/lost.h"
#include "agg/shorten.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/stream.h"
#include "view/top.h"
#include "view/top_impl.h"

#define MINUS		"\xe2\x88\x92"	/* U+2212 */

/* The key the rows are sorted by (the comparator's). */
static enum top_sort sort_by;

/*
 * The diff view: a diff table of sp-diff (sp(5), "#sp diff 1"), sorted by
 * the size of a change, with the change of the count and of the share
 * (D-SHARE, percentage points of the total), each side's share and a mark
 * on the changes within noise.  The sign in front is the count's: a frame
 * whose count grew while its share fell (another grew more) reads "+" with
 * a negative D-SHARE, never a plain decrease.
 *
 *	a: samples 1000, weight 1000, from before.json (before.agg)
 *	b: samples 1200, weight 1200, from after.json (after.agg)
 *	change of weight, b - a; Z: the change of the share in standard ...
 *	  D-SELF D-TOTAL D-SHARE  SELF-A  SELF-B TOTAL-A TOTAL-B      Z    NAME
 *	+    300     300  +23.00  10.00%  33.33%  12.00%  35.00%  17.21    app!parse
 *	-     -5      -5   -0.50   0.50%   0.00%   0.50%   0.00%  -2.01 ~  app!init
 */
struct drow {
	int64_t	 sa, ta, sb, tb, dself, dtotal;
	double	 z;
};

struct dside {
	struct strtab *sources;
	const char *input;
	struct agg_totals t;
};

struct dtable {
	struct strtab *frames;
	struct drow *rows;
	size_t	 cap;
	struct dside side[2];
	int	 cpu;		/* #measure cpu */
	int	 normalized;
	double	 factor;
	double	 zmin;
	int	 zcount;	/* "#z count": z tests counts, not shares */
};

static int
fis(const struct field *f, const char *lit)
{
	return f->len == strlen(lit) && memcmp(f->s, lit, f->len) == 0;
}

/* The side a header names ("a" or "b"), or dies. */
static struct dside *
dside_of(struct dtable *d, const struct lreader *lr, const struct field *f)
{
	if (fis(f, "a"))
		return &d->side[0];
	if (fis(f, "b"))
		return &d->side[1];
	lr_fail(lr, "not a side of a diff table: %.*s", (int)f->len, f->s);
}

static void
diff_header(struct dtable *d, const struct lreader *lr, const char *line,
    size_t len)
{
	struct field f[5];
	size_t n = split_tabs(line, len, f, 4);
	struct dside *sd;

	if (fis(&f[0], "#input") && n == 3) {
		sd = dside_of(d, lr, &f[1]);
		if (sd->input == NULL)
			sd->input = xmemdup(f[2].s, f[2].len);
	} else if (fis(&f[0], "#source") && n == 3) {
		sd = dside_of(d, lr, &f[1]);
		st_intern(sd->sources, f[2].s, f[2].len, NULL);
	} else if (fis(&f[0], "#total")) {
		if (n != 4)
			lr_fail(lr, "malformed #total header");
		sd = dside_of(d, lr, &f[1]);
		agg_total_field(&sd->t, lr, &f[2], &f[3]);
	} else if (fis(&f[0], "#lost")) {
		const char *why;

		if (n != 4)
			lr_fail(lr, "malformed #lost header: want #lost SIDE "
			    "LOST RECORDED");
		sd = dside_of(d, lr, &f[1]);
		if (lost_fields(&sd->t.lost, f[2].s, f[2].len, f[3].s,
		    f[3].len, &why) == -1)
			lr_fail(lr, "%s", why);
	} else if (fis(&f[0], "#measure") && n == 2)
		d->cpu = fis(&f[1], "cpu");
	else if (fis(&f[0], "#normalize") && n == 3 && fis(&f[1], "a")) {
		if (parse_double(f[2].s, f[2].len, &d->factor) == -1 ||
		    !(d->factor >= 0))
			lr_fail(lr, "#normalize: not a factor");
		d->normalized = 1;
	} else if (fis(&f[0], "#z") && n == 2)
		d->zcount = fis(&f[1], "count");
	else if (fis(&f[0], "#threshold") && n == 3 && fis(&f[1], "z")) {
		if (parse_double(f[2].s, f[2].len, &d->zmin) == -1 ||
		    !(d->zmin >= 0))
			lr_fail(lr, "#threshold: not a number");
	} else if (len >= 4 && memcmp(line, "#sp ", 4) == 0 &&
	    !(len == strlen(SP_DIFF_MAGIC) && memcmp(line, SP_DIFF_MAGIC, len) == 0))
		lr_fail(lr, "unsupported format: %.*s", (int)(len > 60 ? 60 : len),
		    line);
}

static void
diff_row(struct dtable *d, const struct lreader *lr, const char *line,
    size_t len)
{
	struct diff_line dl;
	const char *why;
	struct drow *r;
	uint32_t id;
	int added;

	if (parse_diff_line(line, len, &dl, &why) == -1)
		lr_fail(lr, "%s", why);
	id = st_intern(d->frames, dl.frame.s, dl.frame.len, &added);
	if (!added)
		lr_fail(lr, "a frame twice in a diff table");
	xgrow(&d->rows, &d->cap, (size_t)id + 1, sizeof(*d->rows));
	r = &d->rows[id];
	r->sa = dl.self_a;
	r->ta = dl.total_a;
	r->sb = dl.self_b;
	r->tb = dl.total_b;
	r->dself = dl.delta_self;
	r->dtotal = dl.delta_total;
	r->z = dl.z;
}

static const struct dtable *sort_dt;

static double
dkey(const struct drow *r)
{
	double k;

	switch (sort_by) {
	case TOP_SORT_SELF:
		k = (double)r->dself;
		break;
	case TOP_SORT_Z:
		k = r->z;
		break;
	default:
		k = (double)r->dtotal;
		break;
	}
	return k < 0 ? -k : k;
}

static int
drow_cmp(const void *pa, const void *pb)
{
	uint32_t ia = *(const uint32_t *)pa, ib = *(const uint32_t *)pb;
	const struct drow *a = &sort_dt->rows[ia], *b = &sort_dt->rows[ib];
	double ka = dkey(a), kb = dkey(b);
	int64_t da = a->dtotal < 0 ? -a->dtotal : a->dtotal;
	int64_t db = b->dtotal < 0 ? -b->dtotal : b->dtotal;
	const char *sa, *sb;
	size_t na, nb;

	if (ka != kb)
		return ka > kb ? -1 : 1;
	if (da != db)
		return da > db ? -1 : 1;
	sa = st_str(sort_dt->frames, ia, &na);
	sb = st_str(sort_dt->frames, ib, &nb);
	return agg_frame_cmp(sa, na, sb, nb);
}

static void
dside_summary(const struct dtable *d, int i)
{
	const struct dside *sd = &d->side[i];
	size_t ns = st_count(sd->sources);
	struct buf u = { 0 };

	printf("%c: samples %" PRId64 ", weight %" PRId64, "ab"[i],
	    sd->t.samples, sd->t.weight);
	if (sd->t.has_cpu)
		printf(", CPU %.2f ms", (double)sd->t.cpu / 1e6);
	for (size_t j = 0; j < ns; j++) {
		size_t len;
		const char *s = st_str(sd->sources, (uint32_t)j, &len);

		buf_reset(&u);
		top_plain_append(&u, s, len);
		printf("%s", j == 0 ? ", from " : ", ");
		fwrite(u.s, 1, u.len, stdout);
	}
	if (sd->input != NULL) {
		buf_reset(&u);
		top_plain_append(&u, sd->input, strlen(sd->input));
		printf(" (%s)", u.s);
	}
	putchar('\n');
	buf_free(&u);
}

/*
 * A change of the measure as the table shows it: ms for cpu, a count
 * otherwise, with its sign ("+3", "-2", "0").
 */
static void
dchange(struct buf *b, int64_t v, int cpu)
{
	if (cpu)
		buf_printf(b, v == 0 ? "0" : "%+.2f", (double)v / 1e6);
	else
		buf_printf(b, v > 0 ? "+%" PRId64 : "%" PRId64, v);
}

static void
dcount(struct buf *b, int w, int64_t v, int cpu)
{
	struct buf t = { 0 };

	dchange(&t, v, cpu);
	buf_printf(b, " %*s", w, t.s);
	buf_free(&t);
}

static int
dwidth(int64_t v, int cpu)
{
	struct buf t = { 0 };
	int w;

	dchange(&t, v, cpu);
	w = (int)t.len;
	buf_free(&t);
	return w;
}

/*
 * Read the rest of a diff table from lr (its magic line read) and print
 * the view.  limit 0 shows every frame.
 */
void
top_diff_view(struct lreader *lr, long long limit, int no_lib, int wide,
    long long opt_cols, enum top_sort sort)
{
	static const char *const keys[] = { "|delta self|", "|delta total|",
	    "", "|z|" };
	struct dtable d = { 0 };
	char *line;
	long long n;
	size_t nrows, shown, width;
	uint32_t *order;
	int64_t base[2];
	int ws = 6, wt = 7;
	struct buf b = { 0 }, name = { 0 };

	d.frames = st_new();
	d.side[0].sources = st_new();
	d.side[1].sources = st_new();
	d.zmin = 3;
	sort_by = sort;
	while ((n = lr_next(lr, &line)) >= 0) {
		if (n > 0 && line[0] == '#')
			diff_header(&d, lr, line, (size_t)n);
		else
			diff_row(&d, lr, line, (size_t)n);
	}
	if (n == -2)
		exit(1);
	lr_close(lr);

	nrows = st_count(d.frames);
	order = xreallocarray(NULL, nrows > 0 ? nrows : 1, sizeof(*order));
	for (size_t i = 0; i < nrows; i++)
		order[i] = (uint32_t)i;
	sort_dt = &d;
	if (nrows > 1)
		qsort(order, nrows, sizeof(*order), drow_cmp);
	shown = limit == 0 || (size_t)limit > nrows ? nrows : (size_t)limit;
	/* A's counts are scaled to B's total when normalized. */
	for (int i = 0; i < 2; i++)
		base[i] = d.cpu ? d.side[i].t.cpu : d.side[i].t.weight;
	if (d.normalized)
		base[0] = base[1];
	for (size_t i = 0; i < shown; i++) {
		const struct drow *r = &d.rows[order[i]];
		int w;

		if ((w = dwidth(r->dself, d.cpu)) > ws)
			ws = w;
		if ((w = dwidth(r->dtotal, d.cpu)) > wt)
			wt = w;
	}
	buf_printf(&b, "  %*s %*s %7s %7s %7s %7s %7s %6s  ", ws, "D-SELF", wt,
	    "D-TOTAL", "D-SHARE", "SELF-A", "SELF-B", "TOTAL-A", "TOTAL-B",
	    "Z");
	width = name_width(opt_cols, wide, b.len + 2);

	dside_summary(&d, 0);
	dside_summary(&d, 1);
	{
		struct buf l = { 0 };

		if (lost_say_sides(&l, &d.side[0].t.lost, &d.side[1].t.lost))
			printf("%s\n", l.s);
		buf_free(&l);
	}
	printf("change of %s, b - a%s, and of the total's share in points; "
	    "Z: the change of the %s in standard errors, ~ within noise "
	    "(|z| < %g); top %zu of %zu frames by %s\n",
	    d.cpu ? "CPU ms" : "weight",
	    d.normalized ? " (a scaled to b's total)" : "",
	    d.zcount ? "count" : "share", d.zmin, shown, nrows,
	    keys[sort_by]);
	printf("%s  NAME\n", b.s);
	for (size_t i = 0; i < shown; i++) {
		const struct drow *r = &d.rows[order[i]];
		size_t len;
		const char *s = st_str(d.frames, order[i], &len);
		int noise = !(r->z >= d.zmin || r->z <= -d.zmin);
		int64_t sign;

		buf_reset(&b);
		/* Grew or shrank: the total's change, else the self's. */
		sign = r->dtotal != 0 ? r->dtotal : r->dself;
		buf_adds(&b, sign > 0 ? "+" : sign < 0 ? MINUS : " ");
		buf_addc(&b, ' ');
		dcount(&b, ws, r->dself, d.cpu);
		dcount(&b, wt, r->dtotal, d.cpu);
		buf_printf(&b, " %+7.2f %6.2f%% %6.2f%% %6.2f%% %6.2f%% %6.2f %s",
		    top_pct(r->tb, base[1]) - top_pct(r->ta, base[0]),
		    top_pct(r->sa, base[0]), top_pct(r->sb, base[1]),
		    top_pct(r->ta, base[0]), top_pct(r->tb, base[1]), r->z,
		    noise ? "~" : " ");
		top_print_row(&b, &name, s, len, no_lib, width);
	}
	buf_free(&b);
	buf_free(&name);
	free(order);
	finish_stdout();
	exit(0);
}
