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
 * A diff table of sp-diff gets the diff view (top_diff.c).  Long
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
#include "view/top_impl.h"

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
			    (double)g[i].self / 1e6, top_pct(g[i].self, base));
		else
			printf("  self %" PRId64 " (%.2f%%)", g[i].self,
			    top_pct(g[i].self, base));
		if (g[i].total >= 0 && wall)
			printf("  total %.2f ms (%.2f%%)",
			    (double)g[i].total / 1e6,
			    top_pct(g[i].total, base));
		else if (g[i].total >= 0)
			printf("  total %" PRId64 " (%.2f%%)", g[i].total,
			    top_pct(g[i].total, base));
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
				    top_pct(r->self, base), wtotal,
				    (double)r->total / 1e6,
				    top_pct(r->total, base));
			else
				buf_printf(&line, "  %*" PRId64 " %6.2f%% %*"
				    PRId64 " %6.2f%%", wself, r->self,
				    top_pct(r->self, base), wtotal, r->total,
				    top_pct(r->total, base));
			if (has_cpu)
				buf_printf(&line, " %*.2f %*.2f", wcs,
				    (double)r->cpu_self / 1e6, wct,
				    (double)r->cpu_total / 1e6);
			buf_adds(&line, "  ");
			top_plain_append(&line, ln, linelen);
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
		/* Unless -s says otherwise, by the size of the change. */
		top_diff_view(t.diff, limit, no_lib, wide, opt_cols,
		    o->sort_given ? sort_by : TOP_SORT_TOTAL);
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
			    wself, (double)r->self / 1e6,
			    top_pct(r->self, base), top_pct(sum, base), wtotal,
			    (double)r->total / 1e6, top_pct(r->total, base));
		else
			buf_printf(&line, "%*" PRId64 " %6.2f%% %6.2f%% %*"
			    PRId64 " %6.2f%%", wself, r->self,
			    top_pct(r->self, base), top_pct(sum, base), wtotal,
			    r->total, top_pct(r->total, base));
		if (has_cpu)
			buf_printf(&line, " %*.2f %*.2f", wcs,
			    (double)r->cpu_self / 1e6, wct,
			    (double)r->cpu_total / 1e6);
		top_print_row(&line, &name, s, len, no_lib, width);
	}
	buf_free(&line);
	buf_free(&name);
	free(order);
	top_free(&t);
	finish_stdout();
	return 0;
}