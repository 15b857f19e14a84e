/*
 * pair.c: sp-diff of one profile a side (diff.h): what changed between two
 * profiles, and is it more than sampling noise?  A and B are sample
 * streams or aggregate tables (sp(5)); the output is a diff table, one line
 * per frame present in either side:
 *
 *	#sp diff 1
 *	#input	a	before.agg
 *	#total	a	samples	1000
 *	#lost	a	12	1000		(when the recorder lost samples)
 *	...
 *	#columns	self_a	total_a	self_b	total_b	delta_self	delta_total	pct_a	pct_b	z	frame
 *	100	400	300	800	200	400	40.00	80.00	18.26	app!hot
 *
 * The deltas are B - A, of the weight (or with --cpu of the CPU time): the
 * change of the count; with -n, A's figures are first scaled to B's total,
 * as difffolded.pl -n does.  pct_a and pct_b are the shares in percent, so
 * that the change of the share is pct_b - pct_a.  z is the change of the
 * frame's share of the total in standard errors (stats.h), from the two
 * sides' sample counts; with --absolute, the change of its count (for runs
 * of one length and rate), which the "#z" header says.  Ten fields, so
 * that no reader takes a diff line for a sample (8 or 9) or a table row
 * (5).  Lines are sorted by |delta_total|, largest first.
 *
 * The gate (--fail-above PCT) exits 3 after writing the table when a
 * frame's total share grew by more than PCT percentage points with z at
 * least the threshold, and names those frames on standard error.  It
 * says there too that one run a side measures sampling noise only: runs of
 * one program differ by more (runs.c).
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggregate.h"
#include "agg/difftable.h"
#include "agg/framematch.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "stats/ztest.h"
#include "base/strtab.h"
#include "base/util.h"
#include "diff/diff.h"

/* One side: its operand and sums. */
struct side {
	const char *path;
	struct agg *agg;
	int64_t	 measure;	/* the total of what is compared */
};

/* One frame of the diff. */
struct drow {
	int64_t	 sa, ta, sb, tb;	/* A possibly scaled */
	double	 share_a, share_b;	/* of the total, 0..1 */
	double	 z;
	const char *frame;
	size_t	 len;
};

/* Read one side; B's frames go into A's table (other, NULL for A). */
static void
read_side(struct side *sd, struct agg *other, const struct diff_opts *o)
{
	struct agg *a;

	sd->agg = a = other == NULL ? agg_new() : agg_new_sharing(other);
	a->want_time = o->absolute;
	agg_read(a, sd->path);
	agg_finish(a);
	/* Shares need the totals, which a table carries in its headers. */
	if (a->table_rows > 0 && !a->t.has_counts)
		errx(1, "%s: an aggregate table without its #total headers",
		    input_name(sd->path));
	if (o->cpu && !a->t.has_cpu)
		errx(1, "--cpu: %s has no cpu values", input_name(sd->path));
	sd->measure = o->cpu ? a->t.cpu : a->t.weight;
}

/*
 * The change of a count in standard errors, for --absolute: two Poisson
 * counts from runs of one length and sampling rate, z = (b - a) /
 * sqrt(a + b); 0 when both are 0.
 */
static double
z_counts(double a, double b)
{
	return a + b > 0 ? (b - a) / sqrt(a + b) : 0;
}

/*
 * --absolute compares counts, which means something only when both runs
 * lasted as long and sampled as often: say so on standard error when the
 * sides' spans (first to last sample) or rates (samples a second) differ
 * by more than 10%, or are not known (an aggregate table has no times).
 */
static void
same_run(const struct side *a, const struct side *b)
{
	const struct side *sd[2] = { a, b };
	double span[2], rate[2];

	for (int i = 0; i < 2; i++) {
		const struct agg *g = sd[i]->agg;

		if (g->table_rows > 0 || !g->has_time) {
			warnx("--absolute: %s %s: its length and sampling rate "
			    "are not known; counts compare only if they are "
			    "those of %s", input_name(sd[i]->path),
			    g->table_rows > 0 ? "is an aggregate table" :
			    "has no samples", input_name(sd[1 - i]->path));
			return;
		}
		span[i] = (g->tmax - g->tmin) / 1000;
		rate[i] = span[i] > 0 ? (double)g->t.samples / span[i] : 0;
	}
	if (fabs(span[0] - span[1]) <= 0.1 * fmax(span[0], span[1]) &&
	    fabs(rate[0] - rate[1]) <= 0.1 * fmax(rate[0], rate[1]))
		return;
	warnx("--absolute: the runs differ: a %.3f s at %.0f samples/s, "
	    "b %.3f s at %.0f samples/s; their counts do not compare "
	    "(compare shares: leave out --absolute)", span[0], rate[0],
	    span[1], rate[1]);
}

static int64_t
scaled(int64_t v, double f)
{
	double d = (double)v * f;

	/* Scaling to B's total cannot exceed it by more than rounding. */
	return d >= 9.2e18 ? INT64_MAX : (int64_t)llround(d);
}

static void
fill(struct drow *r, const struct agg_row *ra, const struct agg_row *rb,
    const struct diff_opts *o, double factor)
{
	int64_t sa = 0, ta = 0, sb = 0, tb = 0;

	if (ra != NULL) {
		sa = o->cpu ? ra->cpu_self : ra->self;
		ta = o->cpu ? ra->cpu_total : ra->total;
	}
	if (rb != NULL) {
		sb = o->cpu ? rb->cpu_self : rb->self;
		tb = o->cpu ? rb->cpu_total : rb->total;
	}
	r->share_a = (double)ta;
	r->share_b = (double)tb;
	if (o->normalize) {
		sa = scaled(sa, factor);
		ta = scaled(ta, factor);
	}
	r->sa = sa;
	r->ta = ta;
	r->sb = sb;
	r->tb = tb;
}

static int64_t
absdiff(int64_t b, int64_t a)
{
	/* Both are non-negative, so b - a cannot overflow. */
	int64_t d = b - a;

	return d < 0 ? -d : d;
}

/* The rows being sorted: qsort moves their indexes, not the rows. */
static const struct drow *sort_rows;

static int
row_cmp(const void *pa, const void *pb)
{
	const struct drow *a = &sort_rows[*(const uint32_t *)pa];
	const struct drow *b = &sort_rows[*(const uint32_t *)pb];
	int64_t da = absdiff(a->tb, a->ta), db = absdiff(b->tb, b->ta);

	if (da != db)
		return da > db ? -1 : 1;
	da = absdiff(a->sb, a->sa);
	db = absdiff(b->sb, b->sa);
	if (da != db)
		return da > db ? -1 : 1;
	return agg_frame_cmp(a->frame, a->len, b->frame, b->len);
}

/* v with two decimals, rounded half away from zero. */
static void
put_fixed2(struct buf *b, double v)
{
	int64_t c = (int64_t)llround(v * 100);

	if (c == 0) {
		buf_adds(b, "0.00");
		return;
	}
	if (c < 0) {
		buf_addc(b, '-');
		c = -c;
	}
	agg_put_i64(b, c / 100);
	buf_addc(b, '.');
	buf_addc(b, (int)('0' + c / 10 % 10));
	buf_addc(b, (int)('0' + c % 10));
}

static void
side_headers(struct buf *b, const char *name, const struct side *sd)
{
	const struct agg *a = sd->agg;
	size_t nh = st_count(a->headers);

	buf_printf(b, "#input\t%s\t", name);
	esc_append(b, input_name(sd->path), strlen(input_name(sd->path)));
	buf_addc(b, '\n');
	for (size_t i = 0; i < nh; i++) {
		size_t len;
		const char *s = st_str(a->headers, (uint32_t)i, &len);

		if (len > 8 && memcmp(s, "#source\t", 8) == 0) {
			buf_printf(b, "#source\t%s\t", name);
			buf_add(b, s + 8, len - 8);
			buf_addc(b, '\n');
		}
	}
	agg_put_totals(b, name, &a->t, 0);
	lost_put_side(b, name, &a->t.lost);
}

static void
write_table(const struct drow *rows, const uint32_t *order, size_t n,
    const struct side *sa,
    const struct side *sb, const struct diff_opts *o, double factor)
{
	struct buf b = { 0 };

	buf_printf(&b, "%s\n", SP_DIFF_MAGIC);
	side_headers(&b, "a", sa);
	side_headers(&b, "b", sb);
	buf_printf(&b, "#measure\t%s\n", o->cpu ? "cpu" : "weight");
	if (o->normalize)
		buf_printf(&b, "#normalize\ta\t%.17g\n", factor);
	else
		buf_adds(&b, "#normalize\tnone\n");
	buf_printf(&b, "#threshold\tz\t%g\n", o->zmin);
	buf_printf(&b, "#z\t%s\n", o->absolute ? "count" : "share");
	buf_printf(&b, "%s\n", SP_DIFF_COLUMNS);
	fwrite(b.s, 1, b.len, stdout);
	for (size_t i = 0; i < n; i++) {
		const struct drow *r = &rows[order[i]];

		buf_reset(&b);
		agg_put_i64(&b, r->sa);
		buf_addc(&b, '\t');
		agg_put_i64(&b, r->ta);
		buf_addc(&b, '\t');
		agg_put_i64(&b, r->sb);
		buf_addc(&b, '\t');
		agg_put_i64(&b, r->tb);
		buf_addc(&b, '\t');
		agg_put_i64(&b, r->sb - r->sa);
		buf_addc(&b, '\t');
		agg_put_i64(&b, r->tb - r->ta);
		buf_addc(&b, '\t');
		put_fixed2(&b, r->share_a * 100);
		buf_addc(&b, '\t');
		put_fixed2(&b, r->share_b * 100);
		buf_addc(&b, '\t');
		put_fixed2(&b, r->z);
		buf_addc(&b, '\t');
		buf_add(&b, r->frame, r->len);
		buf_addc(&b, '\n');
		fwrite(b.s, 1, b.len, stdout);
	}
	buf_free(&b);
}

/*
 * The growth the gate measures, in percent: of the share (percentage
 * points), or with --absolute of the count, over A's total.
 */
static double
growth(const struct diff_opts *o, const struct drow *r, int64_t measure_a)
{
	if (o->absolute)
		return measure_a > 0 ? 100.0 * (double)(r->tb - r->ta) /
		    (double)measure_a : 0;
	return (r->share_b - r->share_a) * 100;
}

static int
gated(const struct diff_opts *o, const struct drow *r, int64_t measure_a)
{
	if (!o->gate || r->z < o->zmin || growth(o, r, measure_a) <=
	    o->fail_above)
		return 0;
	if (o->npats == 0)
		return 1;
	for (size_t i = 0; i < o->npats; i++)
		if (fm_match(&o->pats[i], r->frame, r->len))
			return 1;
	return 0;
}

/* A row's frame, for diff_check_fail_frames. */
static const char *
row_frame(const void *row, size_t *len)
{
	const struct drow *r = row;

	*len = r->len;
	return r->frame;
}

/* List the regressions on standard error; returns how many. */
static size_t
gate(const struct drow *rows, const uint32_t *order, size_t n,
    const struct diff_opts *o, int64_t measure_a)
{
	size_t found = 0;

	for (size_t i = 0; i < n; i++) {
		const struct drow *r = &rows[order[i]];

		if (!gated(o, r, measure_a))
			continue;
		found++;
		fprintf(stderr, "%s: regression: %.*s: total %.2f%% -> %.2f%% "
		    "(%+.2f points), %" PRId64 " -> %" PRId64 " (%+.2f%% of "
		    "a's total), z %.2f of the %s\n", getprogname(),
		    (int)r->len, r->frame, r->share_a * 100, r->share_b * 100,
		    (r->share_b - r->share_a) * 100, r->ta, r->tb,
		    measure_a > 0 ? 100.0 * (double)(r->tb - r->ta) /
		    (double)measure_a : 0, r->z,
		    o->absolute ? "count" : "share");
	}
	return found;
}

int
diff_pair(const char *patha, const char *pathb, const struct diff_opts *o)
{
	struct side sa = { 0 }, sb = { 0 };
	struct drow *rows;
	size_t n;
	double factor = 1, nsa, nsb;
	uint32_t *order;
	int status;

	sa.path = patha;
	sb.path = pathb;
	read_side(&sa, NULL, o);
	read_side(&sb, sa.agg, o);
	if (o->normalize && sa.measure > 0)
		factor = (double)sb.measure / (double)sa.measure;
	if (o->absolute)
		same_run(&sa, &sb);

	/* One frame table for both sides: a row per frame of either. */
	n = st_count(sa.agg->frames);
	rows = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*rows));
	for (size_t i = 0; i < n; i++) {
		fill(&rows[i], i < sa.agg->nfr ? &sa.agg->fr[i] : NULL,
		    i < sb.agg->nfr ? &sb.agg->fr[i] : NULL, o, factor);
		rows[i].frame = st_str(sa.agg->frames, (uint32_t)i,
		    &rows[i].len);
	}

	/*
	 * Shares of the measured total, and z from the sample counts: a
	 * share of the weight stands for that share of the samples.
	 */
	nsa = (double)sa.agg->t.samples;
	nsb = (double)sb.agg->t.samples;
	for (size_t i = 0; i < n; i++) {
		struct drow *r = &rows[i];

		r->share_a = sa.measure > 0 ? r->share_a / (double)sa.measure :
		    0;
		r->share_b = sb.measure > 0 ? r->share_b / (double)sb.measure :
		    0;
		if (o->absolute)
			r->z = z_counts(r->share_a * nsa, r->share_b * nsb);
		else
			r->z = z_two_proportions(r->share_a * nsa, nsa,
			    r->share_b * nsb, nsb);
	}
	order = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	diff_check_fail_frames(o, rows, n, sizeof(*rows), row_frame);
	sort_rows = rows;
	if (n > 1)
		qsort(order, n, sizeof(*order), row_cmp);
	write_table(rows, order, n, &sa, &sb, o, factor);
	finish_stdout();
	if (o->gate)
		warnx("one run a side: the gate tests sampling noise only; "
		    "record 5 runs or more a side (sp-record --repeat) for "
		    "the noise between runs");
	status = o->gate && gate(rows, order, n, o, sa.measure) > 0 ?
	    DIFF_EXIT_REGRESSION : 0;
	free(order);
	free(rows);
	agg_free(sb.agg);
	agg_free(sa.agg);
	return status;
}
