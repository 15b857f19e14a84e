/*
 * top.c: sp-top's view (view/top.h): the hottest frames of an aggregate
 * table (sp(5)), as an aligned table for people, in the manner of pprof
 * -top:
 *
 *	samples 1003 (3 with no stack), weight 1000, CPU 812.50 ms, from p.json
 *	percentages are of the total weight 1000; top 25 of 812 frames by self
 *	SELF   SELF%    SUM% TOTAL  TOTAL% CPU-SELF CPU-TOTAL  NAME
 *	 400  40.00%  40.00%   450  45.00%   300.00    350.00  lib!f
 *
 * With lines (line-level tables, from sp-aggregate --lines) the rows are
 * grouped by function: a heading per function, then its lines:
 *
 *	app!hot_function  self 600 (60.00%)  total 700 (70.00%)
 *	  SELF   SELF%  TOTAL  TOTAL%  LINE
 *	   500  50.00%    500  50.00%  src/app.c:17
 *
 * A diff table of sp-diff gets the diff view (diff_view below).  Long
 * names are shortened to the terminal's width keeping their informative
 * end: paths inside generic arguments are cut to their last segment, then
 * leading path segments are dropped (a::b::c::f becomes …::c::f), then
 * generic arguments collapse to <…>.
 *
 * May use base, stream and agg.
 */
#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggtable.h"
#include "agg/difftable.h"
#include "agg/shorten.h"
#include "agg/lost.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "diff/diff.h"
#include "diff/runsdiff.h"
#include "stream/stream.h"
#include "view/top.h"

#define MINUS		"\xe2\x88\x92"	/* U+2212 */

struct top {
	struct strtab *frames;
	struct agg_row *rows;
	size_t	 cap;
	struct strtab *sources;
	struct agg_totals t;	/* t.any: the table has #total headers */
	int64_t	 sum_self;
	int	 any_cpu;
	struct lreader *diff;	/* a diff table, its magic line read */
	struct lreader *runsdiff; /* a runs-diff table (sp-diff of sets) */
};

/*
 * A wall-time table (sp-flatten of an off-CPU recording: #units
 * weight=wall-ns): weights are shown as ms of wall time, CPU beside.
 */
static int wall;

/* "#units ... weight=wall-ns ...": a wall-time table. */
static void
wall_units(const char *line, size_t len)
{
	struct field f[8];
	size_t nf = split_tabs(line, len, f, 8);

	for (size_t i = 1; i < nf && i < 8; i++)
		if (f[i].len == 14 && memcmp(f[i].s, "weight=wall-ns", 14) == 0)
			wall = 1;
}

static void
read_table(struct top *t, const char *path)
{
	struct lreader *lr;
	char *line;
	long long n;

	if ((lr = lr_open(path)) == NULL)
		exit(1);
	while ((n = lr_next(lr, &line)) >= 0) {
		size_t len = (size_t)n;
		struct field f[SAMPLE_MAXFIELDS];
		struct agg_line al;
		const char *why;
		size_t nf;
		uint32_t id;
		int added, took;

		if (len > 0 && line[0] == '#') {
			if (len >= 7 && memcmp(line, "#total\t", 7) == 0)
				agg_total_header(&t->t, lr, line, len);
			else if ((took = lost_header(&t->t.lost, line, len,
			    &why)) != 0) {
				/* 1: a #lost header, summed */
				if (took == -1)
					lr_fail(lr, "%s", why);
			} else if (len > 8 && memcmp(line, "#source\t", 8) == 0)
				st_intern(t->sources, line + 8, len - 8, NULL);
			else if (len > 7 && memcmp(line, "#units\t", 7) == 0)
				wall_units(line, len);
			else if (len == strlen(SP_DIFF_MAGIC) &&
			    memcmp(line, SP_DIFF_MAGIC, len) == 0 &&
			    st_count(t->frames) == 0) {
				t->diff = lr;
				return;
			} else if (len == strlen(SP_RUNSDIFF_MAGIC) &&
			    memcmp(line, SP_RUNSDIFF_MAGIC, len) == 0 &&
			    st_count(t->frames) == 0) {
				t->runsdiff = lr;
				return;
			} else if (len > 11 && memcmp(line, "#sp samples", 11) == 0)
				errx(1, "%s: a sample stream, not an aggregate "
				    "table: pipe it through sp-aggregate",
				    lr_name(lr));
			else if (len >= 4 && memcmp(line, "#sp ", 4) == 0 &&
			    !(len == strlen(SP_AGGREGATE_MAGIC) &&
			    memcmp(line, SP_AGGREGATE_MAGIC, len) == 0))
				lr_fail(lr, "unsupported format: %.*s",
				    (int)(len > 60 ? 60 : len), line);
			continue;
		}
		nf = split_tabs(line, len, f, SAMPLE_MAXFIELDS);
		if (nf == SAMPLE_NFIELDS || nf == SAMPLE_MAXFIELDS)
			lr_fail(lr, "a sample line, not an aggregate table: "
			    "pipe it through sp-aggregate");
		agg_table_line(lr, line, len, &al);
		id = st_intern(t->frames, al.frame.s, al.frame.len, &added);
		if (added) {
			xgrow(&t->rows, &t->cap, (size_t)id + 1,
			    sizeof(*t->rows));
			memset(&t->rows[id], 0, sizeof(t->rows[id]));
		}
		agg_row_add(&t->rows[id], &al);
		agg_add(&t->sum_self, al.self);
		if (al.cpu_self != 0 || al.cpu_total != 0)
			t->any_cpu = 1;
	}
	if (n == -2)
		exit(1);
	lr_close(lr);
}

static void
top_free(struct top *t)
{
	st_free(t->frames);
	free(t->rows);
	st_free(t->sources);
}

static const struct top *sort_top;
static enum top_sort sort_by;
static int sort_given;	/* -s: else a diff table sorts by total */

static int
row_cmp(const void *pa, const void *pb)
{
	uint32_t ia = *(const uint32_t *)pa, ib = *(const uint32_t *)pb;
	const struct agg_row *a = &sort_top->rows[ia];
	const struct agg_row *b = &sort_top->rows[ib];
	int64_t ka = 0, kb = 0;
	const char *sa, *sb;
	size_t na, nb;
	int c;

	switch (sort_by) {
	case TOP_SORT_SELF:
	case TOP_SORT_Z:	/* refused for aggregate tables */
		ka = a->self, kb = b->self;
		break;
	case TOP_SORT_TOTAL:
		ka = a->total, kb = b->total;
		break;
	case TOP_SORT_CPU:
		ka = a->cpu_self, kb = b->cpu_self;
		break;
	}
	if (ka != kb)
		return ka > kb ? -1 : 1;
	if ((c = agg_row_cmp(a, b)) != 0)
		return c;
	sa = st_str(sort_top->frames, ia, &na);
	sb = st_str(sort_top->frames, ib, &nb);
	return agg_frame_cmp(sa, na, sb, nb);
}

static double
pct(int64_t v, int64_t base)
{
	return base == 0 ? 0.0 : 100.0 * (double)v / (double)base;
}

static void
print_summary(const struct top *t, int64_t base, int has_cpu, size_t shown,
    size_t nrows, const char *key)
{
	size_t ns = st_count(t->sources);

	if (t->t.any) {
		printf("samples %" PRId64, t->t.samples);
		if (t->t.empty > 0)
			printf(" (%" PRId64 " with no stack)", t->t.empty);
		if (wall)
			printf(", wall %.2f ms", (double)t->t.weight / 1e6);
		else
			printf(", weight %" PRId64, t->t.weight);
		if (has_cpu)
			printf(", CPU %.2f ms", (double)t->t.cpu / 1e6);
		else
			printf(", no CPU data");
	} else
		printf("no #total headers: weight %" PRId64 " is the sum of "
		    "self", base);
	for (size_t i = 0; i < ns; i++) {
		size_t len;
		const char *s = st_str(t->sources, (uint32_t)i, &len);
		struct buf u = { 0 };

		buf_grow(&u, len);
		if (unesc_append(&u, s, len) == -1) {
			buf_reset(&u);
			buf_add(&u, s, len);
		}
		for (size_t j = 0; j < u.len; j++)
			if ((unsigned char)u.s[j] < 0x20 || u.s[j] == 0x7f)
				u.s[j] = ' ';
		printf("%s", i == 0 ? ", from " : ", ");
		fwrite(u.s, 1, u.len, stdout);
		buf_free(&u);
	}
	putchar('\n');
	{
		struct buf l = { 0 };

		if (lost_say(&l, &t->t.lost))
			printf("%s\n", l.s);
		buf_free(&l);
	}
	if (key != NULL && wall)
		printf("percentages are of the wall time %.2f ms; "
		    "top %zu of %zu frames by %s\n", (double)base / 1e6, shown,
		    nrows, key);
	else if (key != NULL)
		printf("percentages are of the total weight %" PRId64 "; "
		    "top %zu of %zu frames by %s\n", base, shown, nrows, key);
}

/*
 * The parts of an escaped frame: the function (fn, fnlen: the frame without
 * " (inlined)" and without the line) and the line "FILE:LINE" after the
 * last " @ " (NULL when none).
 */
static void
frame_parts(const char *s, size_t n, const char **line, size_t *fnlen,
    size_t *linelen)
{
	static const char inl[] = " (inlined)";
	const size_t il = sizeof(inl) - 1;

	if (n >= il && memcmp(s + n - il, inl, il) == 0)
		n -= il;
	*fnlen = n;
	*line = NULL;
	*linelen = 0;
	for (size_t i = n; i >= 3; i--)
		if (s[i - 3] == ' ' && s[i - 2] == '@' && s[i - 1] == ' ') {
			*fnlen = i - 3;
			*line = s + i;
			*linelen = n - i;
			return;
		}
}

/* A function of -l: its own row, if any, and its line rows. */
struct group {
	uint32_t fid;		/* the function in the group table */
	uint32_t row;		/* its row in the frame table, or UINT32_MAX */
	int64_t	 self, total;	/* the row's, or the sum of the lines' self */
	uint32_t *lines;
	size_t	 nlines, cap;
};

static const struct strtab *sort_groups_st;

static int
group_cmp(const void *pa, const void *pb)
{
	const struct group *a = pa, *b = pb;
	const char *sa, *sb;
	size_t na, nb;

	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	sa = st_str(sort_groups_st, a->fid, &na);
	sb = st_str(sort_groups_st, b->fid, &nb);
	return agg_frame_cmp(sa, na, sb, nb);
}

/* Append the escaped s[0..n) unescaped, controls made spaces. */
static void
plain_append(struct buf *out, const char *s, size_t n)
{
	size_t from = out->len;

	if (unesc_append(out, s, n) == -1) {
		out->len = from;
		buf_add(out, s, n);
	}
	for (size_t i = from; i < out->len; i++)
		if ((unsigned char)out->s[i] < 0x20 || out->s[i] == 0x7f)
			out->s[i] = ' ';
}

/* Widen the number columns so that row r's figures fit. */
static void
fit_widths(const struct agg_row *r, int has_cpu, int *wself, int *wtotal,
    int *wcs, int *wct)
{
	char tmp[32];
	int w;

	if (wall) {
		w = snprintf(tmp, sizeof(tmp), "%.2f", (double)r->self / 1e6);
		*wself = w > *wself ? w : *wself;
		w = snprintf(tmp, sizeof(tmp), "%.2f", (double)r->total / 1e6);
		*wtotal = w > *wtotal ? w : *wtotal;
	} else {
		w = snprintf(tmp, sizeof(tmp), "%" PRId64, r->self);
		*wself = w > *wself ? w : *wself;
		w = snprintf(tmp, sizeof(tmp), "%" PRId64, r->total);
		*wtotal = w > *wtotal ? w : *wtotal;
	}
	if (has_cpu) {
		w = snprintf(tmp, sizeof(tmp), "%.2f", (double)r->cpu_self / 1e6);
		*wcs = w > *wcs ? w : *wcs;
		w = snprintf(tmp, sizeof(tmp), "%.2f",
		    (double)r->cpu_total / 1e6);
		*wct = w > *wct ? w : *wct;
	}
}

/*
 * One row of a view: its number columns, then the frame's name shortened
 * to width (in *name, scratch).
 */
static void
print_row(const struct buf *cols, struct buf *name, const char *s, size_t len,
    int no_lib, size_t width)
{
	buf_reset(name);
	display_name(name, s, len, no_lib, width);
	fwrite(cols->s, 1, cols->len, stdout);
	fputs("  ", stdout);
	fwrite(name->s, 1, name->len, stdout);
	putchar('\n');
}

/*
 * -l: the rows grouped by function, in order of the function's self; under
 * each, its first limit lines (0: all) in the order of the sort key.
 */
static void
print_lines(const struct top *t, const uint32_t *order, size_t nrows,
    size_t limit, int64_t base, int has_cpu, const char *key, int no_lib,
    int wide, long long opt_cols)
{
	struct strtab *fns = st_new();
	struct group *g = NULL;
	size_t gcap = 0, ng, nshown = 0, width;
	int wself = wall ? 9 : 4, wtotal = wall ? 10 : 5, wcs = 8, wct = 9;
	struct buf line = { 0 }, name = { 0 };

	/* order is sorted by the key: the lines stay so within a group. */
	for (size_t i = 0; i < nrows; i++) {
		size_t len, fnlen, linelen;
		const char *s = st_str(t->frames, order[i], &len), *ln;
		int added;
		uint32_t id;

		frame_parts(s, len, &ln, &fnlen, &linelen);
		id = st_intern(fns, s, fnlen, &added);
		if (added) {
			xgrow(&g, &gcap, (size_t)id + 1, sizeof(*g));
			memset(&g[id], 0, sizeof(g[id]));
			g[id].fid = id;
			g[id].row = UINT32_MAX;
			g[id].total = -1;
		}
		if (ln == NULL) {
			g[id].row = order[i];
			continue;
		}
		xgrow(&g[id].lines, &g[id].cap, g[id].nlines + 1,
		    sizeof(*g[id].lines));
		g[id].lines[g[id].nlines++] = order[i];
	}
	ng = st_count(fns);
	for (size_t i = 0; i < ng; i++) {
		if (g[i].row != UINT32_MAX) {
			g[i].self = t->rows[g[i].row].self;
			g[i].total = t->rows[g[i].row].total;
		} else
			for (size_t j = 0; j < g[i].nlines; j++)
				agg_add(&g[i].self, t->rows[g[i].lines[j]].self);
		if (limit > 0 && g[i].nlines > limit)
			g[i].nlines = limit;
		nshown += g[i].nlines;
		for (size_t j = 0; j < g[i].nlines; j++)
			fit_widths(&t->rows[g[i].lines[j]], has_cpu, &wself,
			    &wtotal, &wcs, &wct);
	}
	sort_groups_st = fns;
	if (ng > 0)
		qsort(g, ng, sizeof(*g), group_cmp);
	width = name_width(opt_cols, wide, 0);

	print_summary(t, base, has_cpu, 0, 0, NULL);
	if (wall)
		printf("percentages are of the wall time %.2f ms",
		    (double)base / 1e6);
	else
		printf("percentages are of the total weight %" PRId64, base);
	printf("; %zu line%s of %zu function%s by %s", nshown,
	    nshown == 1 ? "" : "s", ng, ng == 1 ? "" : "s", key);
	if (limit > 0)
		printf(", at most %zu a function", limit);
	putchar('\n');
	for (size_t i = 0; i < ng; i++) {
		size_t len;
		const char *s = st_str(fns, g[i].fid, &len);

		buf_reset(&name);
		display_name(&name, s, len, no_lib, width);
		fwrite(name.s, 1, name.len, stdout);
		if (wall)
			printf("  wall self %.2f ms (%.2f%%)",
			    (double)g[i].self / 1e6, pct(g[i].self, base));
		else
			printf("  self %" PRId64 " (%.2f%%)", g[i].self,
			    pct(g[i].self, base));
		if (g[i].total >= 0 && wall)
			printf("  total %.2f ms (%.2f%%)",
			    (double)g[i].total / 1e6, pct(g[i].total, base));
		else if (g[i].total >= 0)
			printf("  total %" PRId64 " (%.2f%%)", g[i].total,
			    pct(g[i].total, base));
		if (has_cpu && g[i].row != UINT32_MAX)
			printf("  cpu self %.2f ms, total %.2f ms",
			    (double)t->rows[g[i].row].cpu_self / 1e6,
			    (double)t->rows[g[i].row].cpu_total / 1e6);
		putchar('\n');
		if (g[i].nlines == 0) {
			printf("  (no line information)\n");
			continue;
		}
		buf_reset(&line);
		buf_printf(&line, "  %*s %7s %*s %7s", wself,
		    wall ? "WALL-SELF" : "SELF", "SELF%", wtotal,
		    wall ? "WALL-TOTAL" : "TOTAL", "TOTAL%");
		if (has_cpu)
			buf_printf(&line, " %*s %*s", wcs, "CPU-SELF", wct,
			    "CPU-TOTAL");
		printf("%s  LINE\n", line.s);
		for (size_t j = 0; j < g[i].nlines; j++) {
			const struct agg_row *r = &t->rows[g[i].lines[j]];
			size_t fl, fnlen, linelen;
			const char *f = st_str(t->frames, g[i].lines[j], &fl);
			const char *ln;

			frame_parts(f, fl, &ln, &fnlen, &linelen);
			buf_reset(&line);
			if (wall)
				buf_printf(&line, "  %*.2f %6.2f%% %*.2f %6.2f%%",
				    wself, (double)r->self / 1e6,
				    pct(r->self, base), wtotal,
				    (double)r->total / 1e6, pct(r->total, base));
			else
				buf_printf(&line, "  %*" PRId64 " %6.2f%% %*"
				    PRId64 " %6.2f%%", wself, r->self,
				    pct(r->self, base), wtotal, r->total,
				    pct(r->total, base));
			if (has_cpu)
				buf_printf(&line, " %*.2f %*.2f", wcs,
				    (double)r->cpu_self / 1e6, wct,
				    (double)r->cpu_total / 1e6);
			buf_adds(&line, "  ");
			plain_append(&line, ln, linelen);
			buf_addc(&line, '\n');
			fwrite(line.s, 1, line.len, stdout);
		}
	}
	for (size_t i = 0; i < ng; i++)
		free(g[i].lines);
	free(g);
	st_free(fns);
	buf_free(&line);
	buf_free(&name);
}

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
		plain_append(&u, s, len);
		printf("%s", j == 0 ? ", from " : ", ");
		fwrite(u.s, 1, u.len, stdout);
	}
	if (sd->input != NULL) {
		buf_reset(&u);
		plain_append(&u, sd->input, strlen(sd->input));
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
static void __attribute__((noreturn))
diff_view(struct lreader *lr, long long limit, int no_lib, int wide,
    long long opt_cols)
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
	if (!sort_given)
		sort_by = TOP_SORT_TOTAL;
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
		    pct(r->tb, base[1]) - pct(r->ta, base[0]),
		    pct(r->sa, base[0]), pct(r->sb, base[1]),
		    pct(r->ta, base[0]), pct(r->tb, base[1]), r->z,
		    noise ? "~" : " ");
		print_row(&b, &name, s, len, no_lib, width);
	}
	buf_free(&b);
	buf_free(&name);
	free(order);
	finish_stdout();
	exit(0);
}
int
top_view(const struct top_opts *o)
{
	static const char *const key_names[] = { "self", "total", "cpu", "z" };
	struct top t = { 0 };
	const char *path = o->path;
	long long opt_cols = o->cols, limit = o->limit;
	int lines = o->lines, no_lib = o->no_lib, wide = o->wide, has_cpu;
	size_t nrows, shown, width;
	uint32_t *order;
	int64_t base, sum = 0;
	struct buf line = { 0 }, name = { 0 };
	int wself, wtotal, wcs = 8, wct = 9;

	sort_by = o->sort;
	sort_given = o->sort_given;
	t.frames = st_new();
	t.sources = st_new();
	read_table(&t, path);
	if (t.runsdiff != NULL)
		runs_view(t.runsdiff, limit);
	if (t.diff != NULL) {
		if (lines)
			errx(1, "--lines: %s is a diff table, not a line-level "
			    "table", lr_name(t.diff));
		if (sort_by == TOP_SORT_CPU)
			errx(1, "--sort cpu: a diff table compares one "
			    "measure (sp-diff --cpu for CPU time)");
		diff_view(t.diff, limit, no_lib, wide, opt_cols);
	}
	if (sort_by == TOP_SORT_Z)
		errx(1, "--sort z: for diff tables (sp-diff) only");

	nrows = st_count(t.frames);
	order = xreallocarray(NULL, nrows, sizeof(*order));
	for (size_t i = 0; i < nrows; i++)
		order[i] = (uint32_t)i;
	sort_top = &t;
	if (nrows > 1)
		qsort(order, nrows, sizeof(*order), row_cmp);
	shown = limit == 0 || (size_t)limit > nrows ? nrows : (size_t)limit;
	base = t.t.any ? t.t.weight : t.sum_self;
	has_cpu = t.t.any ? t.t.has_cpu : t.any_cpu;
	if (lines) {
		print_lines(&t, order, nrows, (size_t)limit, base, has_cpu,
		    key_names[sort_by], no_lib, wide, opt_cols);
		free(order);
		top_free(&t);
		finish_stdout();
		return 0;
	}

	/* Column widths fit the largest number shown. */
	wself = wall ? 9 : 4, wtotal = wall ? 10 : 5;
	for (size_t i = 0; i < shown; i++)
		fit_widths(&t.rows[order[i]], has_cpu, &wself, &wtotal, &wcs,
		    &wct);
	buf_printf(&line, "%*s %7s %7s %*s %7s", wself, wall ? "WALL-SELF" :
	    "SELF", "SELF%", "SUM%", wtotal, wall ? "WALL-TOTAL" : "TOTAL",
	    "TOTAL%");
	if (has_cpu)
		buf_printf(&line, " %*s %*s", wcs, "CPU-SELF", wct,
		    "CPU-TOTAL");
	width = name_width(opt_cols, wide, line.len + 2);

	print_summary(&t, base, has_cpu, shown, nrows, key_names[sort_by]);
	printf("%s  NAME\n", line.s);
	for (size_t i = 0; i < shown; i++) {
		const struct agg_row *r = &t.rows[order[i]];
		size_t len;
		const char *s = st_str(t.frames, order[i], &len);

		sum += r->self;
		buf_reset(&line);
		if (wall)
			buf_printf(&line, "%*.2f %6.2f%% %6.2f%% %*.2f %6.2f%%",
			    wself, (double)r->self / 1e6, pct(r->self, base),
			    pct(sum, base), wtotal, (double)r->total / 1e6,
			    pct(r->total, base));
		else
			buf_printf(&line, "%*" PRId64 " %6.2f%% %6.2f%% %*"
			    PRId64 " %6.2f%%", wself, r->self,
			    pct(r->self, base), pct(sum, base), wtotal,
			    r->total, pct(r->total, base));
		if (has_cpu)
			buf_printf(&line, " %*.2f %*.2f", wcs,
			    (double)r->cpu_self / 1e6, wct,
			    (double)r->cpu_total / 1e6);
		print_row(&line, &name, s, len, no_lib, width);
	}
	buf_free(&line);
	buf_free(&name);
	free(order);
	top_free(&t);
	finish_stdout();
	return 0;
}