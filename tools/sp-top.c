/*
 * sp-top: the hottest frames of an aggregate table (sp(5)), as an aligned
 * table for people, in the manner of pprof -top:
 *
 *	samples 1003 (3 with no stack), weight 1000, CPU 812.50 ms, from p.json
 *	percentages are of the total weight 1000; top 25 of 812 frames by self
 *	SELF   SELF%    SUM% TOTAL  TOTAL% CPU-SELF CPU-TOTAL  NAME
 *	 400  40.00%  40.00%   450  45.00%   300.00    350.00  lib!f
 *
 * With -l (line-level tables, from sp-aggregate --lines) the rows are
 * grouped by function: a heading per function, then its lines:
 *
 *	app!hot_function  self 600 (60.00%)  total 700 (70.00%)
 *	  SELF   SELF%  TOTAL  TOTAL%  LINE
 *	   500  50.00%    500  50.00%  src/app.c:17
 *
 * The aggregate table is for machines; this output is not meant to be
 * parsed.  Long names are shortened to the terminal's width keeping their
 * informative end: paths inside generic arguments are cut to their last
 * segment, then leading path segments are dropped (a::b::c::f becomes
 * …::c::f), then generic arguments collapse to <…>.
 */
#include <err.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "escape.h"
#include "input.h"
#include "shorten.h"
#include "stream.h"
#include "strtab.h"
#include "util.h"

enum sort_key { SORT_SELF, SORT_TOTAL, SORT_CPU };

struct row {
	int64_t	 self, total, cpu_self, cpu_total;
};

struct top {
	struct strtab *frames;
	struct row *rows;
	size_t	 cap;
	struct strtab *sources;
	int	 have_totals, has_cpu_total;
	int64_t	 samples, weight, cpu, empty;
	int64_t	 sum_self;
	int	 any_cpu;
};

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-top [-hlLW] [-f file] [-s key] [-w cols] [N]\n");
	exit(status);
}

static inline void
add(int64_t *sum, int64_t v)
{
	if (__builtin_add_overflow(*sum, v, sum))
		errx(1, "a sum overflows 64 bits");
}

static void
total_header(struct top *t, const struct lreader *lr, const char *line,
    size_t len)
{
	struct field f[3];
	int64_t v;

	if (split_tabs(line, len, f, 3) != 3)
		errx(1, "%s:%" PRIu64 ": malformed #total header", lr_name(lr),
		    lr_lineno(lr));
	if (f[1].len == 3 && memcmp(f[1].s, "cpu", 3) == 0 &&
	    f[2].len == 1 && f[2].s[0] == '-') {
		t->have_totals = 1;
		return;
	}
	if (parse_i64(f[2].s, f[2].len, &v) == -1 || v < 0)
		errx(1, "%s:%" PRIu64 ": #total %.*s is not a count",
		    lr_name(lr), lr_lineno(lr), (int)f[1].len, f[1].s);
	t->have_totals = 1;
	if (f[1].len == 7 && memcmp(f[1].s, "samples", 7) == 0)
		add(&t->samples, v);
	else if (f[1].len == 6 && memcmp(f[1].s, "weight", 6) == 0)
		add(&t->weight, v);
	else if (f[1].len == 3 && memcmp(f[1].s, "cpu", 3) == 0) {
		add(&t->cpu, v);
		t->has_cpu_total = 1;
	} else if (f[1].len == 5 && memcmp(f[1].s, "empty", 5) == 0)
		add(&t->empty, v);
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
		size_t nf;
		const char *why;
		struct row *r;
		uint32_t id;
		int added;

		if (len > 0 && line[0] == '#') {
			if (len >= 7 && memcmp(line, "#total\t", 7) == 0)
				total_header(t, lr, line, len);
			else if (len > 8 && memcmp(line, "#source\t", 8) == 0)
				st_intern(t->sources, line + 8, len - 8, NULL);
			else if (len > 11 && memcmp(line, "#sp samples", 11) == 0)
				errx(1, "%s: a sample stream, not an aggregate "
				    "table: pipe it through sp-aggregate",
				    lr_name(lr));
			else if (len >= 4 && memcmp(line, "#sp ", 4) == 0 &&
			    !(len == strlen(SP_AGGREGATE_MAGIC) &&
			    memcmp(line, SP_AGGREGATE_MAGIC, len) == 0))
				errx(1, "%s:%" PRIu64 ": unsupported format: %.*s",
				    lr_name(lr), lr_lineno(lr),
				    (int)(len > 60 ? 60 : len), line);
			continue;
		}
		nf = split_tabs(line, len, f, SAMPLE_MAXFIELDS);
		if (nf == SAMPLE_NFIELDS || nf == SAMPLE_MAXFIELDS)
			errx(1, "%s:%" PRIu64 ": a sample line, not an "
			    "aggregate table: pipe it through sp-aggregate",
			    lr_name(lr), lr_lineno(lr));
		if (parse_agg_line(line, len, &al, &why) == -1)
			errx(1, "%s:%" PRIu64 ": %s", lr_name(lr),
			    lr_lineno(lr), why);
		id = st_intern(t->frames, al.frame.s, al.frame.len, &added);
		if (added) {
			xgrow(&t->rows, &t->cap, (size_t)id + 1,
			    sizeof(*t->rows));
			memset(&t->rows[id], 0, sizeof(t->rows[id]));
		}
		r = &t->rows[id];
		add(&r->self, al.self);
		add(&r->total, al.total);
		add(&r->cpu_self, al.cpu_self);
		add(&r->cpu_total, al.cpu_total);
		add(&t->sum_self, al.self);
		if (al.cpu_self != 0 || al.cpu_total != 0)
			t->any_cpu = 1;
	}
	if (n == -2)
		exit(1);
	lr_close(lr);
}

static const struct top *sort_top;
static enum sort_key sort_by;

static int
row_cmp(const void *pa, const void *pb)
{
	uint32_t ia = *(const uint32_t *)pa, ib = *(const uint32_t *)pb;
	const struct row *a = &sort_top->rows[ia], *b = &sort_top->rows[ib];
	int64_t ka = 0, kb = 0;
	const char *sa, *sb;
	size_t na, nb;
	int c;

	switch (sort_by) {
	case SORT_SELF:
		ka = a->self, kb = b->self;
		break;
	case SORT_TOTAL:
		ka = a->total, kb = b->total;
		break;
	case SORT_CPU:
		ka = a->cpu_self, kb = b->cpu_self;
		break;
	}
	if (ka != kb)
		return ka > kb ? -1 : 1;
	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	sa = st_str(sort_top->frames, ia, &na);
	sb = st_str(sort_top->frames, ib, &nb);
	c = memcmp(sa, sb, na < nb ? na : nb);
	if (c != 0)
		return c;
	return na < nb ? -1 : na > nb;
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

	if (t->have_totals) {
		printf("samples %" PRId64, t->samples);
		if (t->empty > 0)
			printf(" (%" PRId64 " with no stack)", t->empty);
		printf(", weight %" PRId64, t->weight);
		if (has_cpu)
			printf(", CPU %.2f ms", (double)t->cpu / 1e6);
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
	if (key != NULL)
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
	int c;

	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	sa = st_str(sort_groups_st, a->fid, &na);
	sb = st_str(sort_groups_st, b->fid, &nb);
	c = memcmp(sa, sb, na < nb ? na : nb);
	if (c != 0)
		return c;
	return na < nb ? -1 : na > nb;
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
fit_widths(const struct row *r, int has_cpu, int *wself, int *wtotal,
    int *wcs, int *wct)
{
	char tmp[32];
	int w;

	w = snprintf(tmp, sizeof(tmp), "%" PRId64, r->self);
	*wself = w > *wself ? w : *wself;
	w = snprintf(tmp, sizeof(tmp), "%" PRId64, r->total);
	*wtotal = w > *wtotal ? w : *wtotal;
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
	int wself = 4, wtotal = 5, wcs = 8, wct = 9;
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
				add(&g[i].self, t->rows[g[i].lines[j]].self);
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
	printf("percentages are of the total weight %" PRId64 "; %zu line%s "
	    "of %zu function%s by %s", base, nshown, nshown == 1 ? "" : "s",
	    ng, ng == 1 ? "" : "s", key);
	if (limit > 0)
		printf(", at most %zu a function", limit);
	putchar('\n');
	for (size_t i = 0; i < ng; i++) {
		size_t len;
		const char *s = st_str(fns, g[i].fid, &len);

		buf_reset(&name);
		display_name(&name, s, len, no_lib, width);
		fwrite(name.s, 1, name.len, stdout);
		printf("  self %" PRId64 " (%.2f%%)", g[i].self,
		    pct(g[i].self, base));
		if (g[i].total >= 0)
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
		buf_printf(&line, "  %*s %7s %*s %7s", wself, "SELF", "SELF%",
		    wtotal, "TOTAL", "TOTAL%");
		if (has_cpu)
			buf_printf(&line, " %*s %*s", wcs, "CPU-SELF", wct,
			    "CPU-TOTAL");
		printf("%s  LINE\n", line.s);
		for (size_t j = 0; j < g[i].nlines; j++) {
			const struct row *r = &t->rows[g[i].lines[j]];
			size_t fl, fnlen, linelen;
			const char *f = st_str(t->frames, g[i].lines[j], &fl);
			const char *ln;

			frame_parts(f, fl, &ln, &fnlen, &linelen);
			buf_reset(&line);
			buf_printf(&line, "  %*" PRId64 " %6.2f%% %*" PRId64
			    " %6.2f%%", wself, r->self, pct(r->self, base),
			    wtotal, r->total, pct(r->total, base));
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

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "file",	required_argument,	NULL,	'f' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "lines",	no_argument,		NULL,	'l' },
		{ "no-lib",	no_argument,		NULL,	'L' },
		{ "sort",	required_argument,	NULL,	's' },
		{ "wide",	no_argument,		NULL,	'W' },
		{ "width",	required_argument,	NULL,	'w' },
		{ NULL,		0,			NULL,	0 }
	};
	static const char *const key_names[] = { "self", "total", "cpu" };
	struct top t = { 0 };
	const char *path = "-", *errstr;
	long long opt_cols = 0, limit = 25;
	int ch, lines = 0, no_lib = 0, wide = 0, has_cpu;
	size_t nrows, shown, width;
	uint32_t *order;
	int64_t base, sum = 0;
	struct buf line = { 0 }, name = { 0 };
	int wself, wtotal, wcs = 8, wct = 9;

	while ((ch = getopt_long(argc, argv, "f:hlLs:Ww:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			path = optarg;
			break;
		case 'h':
			usage(stdout, 0);
		case 'l':
			lines = 1;
			break;
		case 'L':
			no_lib = 1;
			break;
		case 's':
			if (strcmp(optarg, "self") == 0)
				sort_by = SORT_SELF;
			else if (strcmp(optarg, "total") == 0)
				sort_by = SORT_TOTAL;
			else if (strcmp(optarg, "cpu") == 0)
				sort_by = SORT_CPU;
			else
				errx(1, "--sort: unknown key: %s (self, total "
				    "or cpu)", optarg);
			break;
		case 'W':
			wide = 1;
			break;
		case 'w':
			opt_cols = strtonum(optarg, 1, 100000, &errstr);
			if (errstr != NULL)
				errx(1, "--width: %s is %s", optarg, errstr);
			break;
		default:
			usage(stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc > 1)
		usage(stderr, 1);
	if (argc == 1) {
		limit = strtonum(argv[0], 0, INT32_MAX, &errstr);
		if (errstr != NULL)
			errx(1, "N: %s is %s", argv[0], errstr);
	}

	t.frames = st_new();
	t.sources = st_new();
	read_table(&t, path);

	nrows = st_count(t.frames);
	order = xreallocarray(NULL, nrows, sizeof(*order));
	for (size_t i = 0; i < nrows; i++)
		order[i] = (uint32_t)i;
	sort_top = &t;
	if (nrows > 1)
		qsort(order, nrows, sizeof(*order), row_cmp);
	shown = limit == 0 || (size_t)limit > nrows ? nrows : (size_t)limit;
	base = t.have_totals ? t.weight : t.sum_self;
	has_cpu = t.have_totals ? t.has_cpu_total : t.any_cpu;
	if (lines) {
		print_lines(&t, order, nrows, (size_t)limit, base, has_cpu,
		    key_names[sort_by], no_lib, wide, opt_cols);
		free(order);
		finish_stdout();
		return 0;
	}

	/* Column widths fit the largest number shown. */
	wself = 4, wtotal = 5;
	for (size_t i = 0; i < shown; i++)
		fit_widths(&t.rows[order[i]], has_cpu, &wself, &wtotal, &wcs,
		    &wct);
	buf_printf(&line, "%*s %7s %7s %*s %7s", wself, "SELF", "SELF%",
	    "SUM%", wtotal, "TOTAL", "TOTAL%");
	if (has_cpu)
		buf_printf(&line, " %*s %*s", wcs, "CPU-SELF", wct,
		    "CPU-TOTAL");
	width = name_width(opt_cols, wide, line.len + 2);

	print_summary(&t, base, has_cpu, shown, nrows, key_names[sort_by]);
	printf("%s  NAME\n", line.s);
	for (size_t i = 0; i < shown; i++) {
		const struct row *r = &t.rows[order[i]];
		size_t len;
		const char *s = st_str(t.frames, order[i], &len);

		sum += r->self;
		buf_reset(&line);
		buf_printf(&line, "%*" PRId64 " %6.2f%% %6.2f%% %*" PRId64
		    " %6.2f%%", wself, r->self, pct(r->self, base),
		    pct(sum, base), wtotal, r->total, pct(r->total, base));
		if (has_cpu)
			buf_printf(&line, " %*.2f %*.2f", wcs,
			    (double)r->cpu_self / 1e6, wct,
			    (double)r->cpu_total / 1e6);
		buf_reset(&name);
		display_name(&name, s, len, no_lib, width);
		fwrite(line.s, 1, line.len, stdout);
		fputs("  ", stdout);
		fwrite(name.s, 1, name.len, stdout);
		putchar('\n');
	}
	buf_free(&line);
	buf_free(&name);
	free(order);
	finish_stdout();
	return 0;
}
