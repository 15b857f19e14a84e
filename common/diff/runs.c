/*
 * runs.c: sp-diff of two sets of runs (diff.h).  Each run is summed as
 * sp-aggregate sums it (aggregate.h), every run's frames in one numbering;
 * then for each frame, its self and its total are compared between the
 * sets, one value per run:
 *
 *	its own time in the run (weight, or with --cpu the cpu time): what a
 *	frame costs does not move when another frame's cost moves, which its
 *	share does; with --shares, its share of the run's total, in percent.
 *
 * A frame absent in a run counts 0 there.  The per-run values hold both
 * the sampling noise and the noise between runs (caches, frequency, the
 * neighbours of a shared machine), which is why one run a side cannot
 * test the second.  The test is Welch's t (welch.h), from 3 runs a side:
 * per-run times are sums of many samples, so their means are close to
 * normal even when the runs are skewed, and Welch's t, unlike the rank
 * test of Mann-Whitney, can reach the small p-values a correction over
 * many frames needs with 5 runs a side (the exact rank test cannot go
 * below p = 0.0079 there).  tests/sp-diff/synthetic measures its false
 * alarms and power on skewed and heavy-tailed sets.  The family: a
 * frame's self, and its total, each tested when it is at least --min-share
 * percent of either side's mean total (a self of a few samples under a
 * large total is no hypothesis that matters), tests whose values are the
 * same in every run (a chain of callers, a leaf's self and total) counted
 * once; their p-values corrected together by Benjamini-Hochberg (fdr.h);
 * others are listed, not tested ("-").  The gate asks one question, did a
 * frame's total grow, so it takes the one-sided p-value of a growth over
 * the same family (a shrink never fails it, and a two-sided test would
 * spend half its level on it).
 *
 * Verdicts: "grew" or "shrank" when q is below 1 - level; otherwise "~"
 * when the change these runs could detect (the MDE, 80% power) is at most
 * the resolution (the --fail-above threshold, else 1% of a's mean total,
 * or 1 point with --shares): no change that matters; otherwise "?", these
 * runs cannot tell: record more.
 *
 * The output is the "#sp runs-diff 1" table of sp(5), or with --markdown
 * a summary for a pull request, each side's samples lost by its recorder
 * summed over its runs (#lost); the gate fails when a frame's total grew
 * significantly (one-sided q below 1 - level) by more than --fail-above
 * percent of a's mean total (with --shares, points).
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggregate.h"
#include "agg/framematch.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "diff/diff.h"
#include "diff/runsdiff.h"
#include "stats/fdr.h"
#include "stats/welch.h"

/* One side: its runs, read. */
struct rside {
	const struct runset *rs;
	struct agg **runs;
	double	*total;		/* each run's total measure */
	double	 mean_total;
	struct lost lost;	/* the runs' #lost, summed */
};

/* One frame: its two tests. */
struct rrow {
	struct welch w[2];	/* RD_SELF, RD_TOTAL */
	double	 p[2], q[2];	/* two-sided; NaN when not tested */
	double	 qg;		/* the gate's q of the total's growth */
	int	 tested[2];
	const char *verdict[2];
	const char *frame;
	size_t	 len;
};

static const char *
header_of(const struct agg *a, const char *name, size_t *len)
{
	size_t nh = st_count(a->headers), nl = strlen(name);

	for (size_t i = 0; i < nh; i++) {
		const char *s = st_str(a->headers, (uint32_t)i, len);

		if (*len > nl && memcmp(s, name, nl) == 0 && s[nl] == '\t')
			return s;
	}
	*len = 0;
	return "";
}

/* Runs of different units or events do not compare: one line, exit 1. */
static void
same_kind(const struct agg *a, const char *pa, const struct agg *b,
    const char *pb)
{
	static const char *const names[] = { "#units", "#event" };

	for (size_t i = 0; i < 2; i++) {
		size_t la, lb;
		const char *ha = header_of(a, names[i], &la);
		const char *hb = header_of(b, names[i], &lb);

		if (la != lb || memcmp(ha, hb, la) != 0)
			errx(1, "%s: its %s (%.*s) is not that of %s (%.*s): "
			    "runs of different units or events do not "
			    "compare", input_name(pb), names[i], (int)lb, hb,
			    input_name(pa), (int)la, ha);
	}
}

/* Read a side's runs; ref (NULL for a's) is a's first, whose frames all share. */
static void
read_runs(struct rside *sd, const struct runset *rs, struct agg *ref,
    const char *refpath, const struct diff_opts *o)
{
	const char *why;

	sd->rs = rs;
	sd->lost = (struct lost){ 0 };
	sd->runs = xreallocarray(NULL, rs->n, sizeof(*sd->runs));
	sd->total = xreallocarray(NULL, rs->n, sizeof(*sd->total));
	sd->mean_total = 0;
	for (size_t i = 0; i < rs->n; i++) {
		struct agg *a;

		/* Stored first: an error exits with it reachable. */
		sd->runs[i] = a = ref == NULL ? agg_new() :
		    agg_new_sharing(ref);
		agg_read(a, rs->paths[i]);
		agg_finish(a);
		if (a->table_rows > 0 && !a->t.has_counts)
			errx(1, "%s: an aggregate table without its #total "
			    "headers", input_name(rs->paths[i]));
		if (o->cpu && !a->t.has_cpu)
			errx(1, "--cpu: %s has no cpu values",
			    input_name(rs->paths[i]));
		if (ref == NULL) {
			ref = a;
			refpath = rs->paths[i];
		} else
			same_kind(ref, refpath, a, rs->paths[i]);
		sd->runs[i] = a;
		if (lost_add(&sd->lost, &a->t.lost, &why) == -1)
			errx(1, "%s: %s", input_name(rs->paths[i]), why);
		sd->total[i] = (double)(o->cpu ? a->t.cpu : a->t.weight);
		sd->mean_total += sd->total[i] / (double)rs->n;
	}
}

/* A side's runs freed; keep_first keeps the run that owns the frames. */
static void
rside_free(struct rside *sd, int keep_first)
{
	for (size_t i = sd->rs->n; i > (keep_first ? 1 : 0); i--)
		agg_free(sd->runs[i - 1]);
	if (!keep_first)
		free(sd->runs);
	free(sd->total);
}

/* The per-run values of frame id's self (part 0) or total (1). */
static void
values(const struct rside *sd, uint32_t id, int part,
    const struct diff_opts *o, double *v)
{
	for (size_t i = 0; i < sd->rs->n; i++) {
		const struct agg *a = sd->runs[i];
		const struct agg_row *r = id < a->nfr ? &a->fr[id] : NULL;
		int64_t x = 0;

		if (r != NULL)
			x = part == RD_SELF ? (o->cpu ? r->cpu_self :
			    r->self) : (o->cpu ? r->cpu_total : r->total);
		v[i] = (double)x;
		if (o->shares)
			v[i] = sd->total[i] > 0 ? 100 * v[i] / sd->total[i] :
			    0;
	}
}

static double
resolution(const struct diff_opts *o, double mean_total_a)
{
	double r = o->gate && o->fail_above > 0 ? o->fail_above : 1;

	return o->shares ? r : r / 100 * mean_total_a;
}

static const char *
verdict(const struct welch *w, double q, double alpha, double res)
{
	if (q < alpha)
		return w->diff > 0 ? "grew" : "shrank";
	return w->mde <= res ? "~" : "?";
}

static const struct rrow *sort_rows;

static int
row_cmp(const void *pa, const void *pb)
{
	const struct rrow *a = &sort_rows[*(const uint32_t *)pa];
	const struct rrow *b = &sort_rows[*(const uint32_t *)pb];
	double da = fabs(a->w[RD_TOTAL].diff), db = fabs(b->w[RD_TOTAL].diff);

	if (da != db)
		return da > db ? -1 : 1;
	da = fabs(a->w[RD_SELF].diff);
	db = fabs(b->w[RD_SELF].diff);
	if (da != db)
		return da > db ? -1 : 1;
	return agg_frame_cmp(a->frame, a->len, b->frame, b->len);
}

/* A row's frame, for diff_check_fail_frames. */
static const char *
row_frame(const void *row, size_t *len)
{
	const struct rrow *r = row;

	*len = r->len;
	return r->frame;
}

/* The growth the gate measures: percent of a's mean total, or points. */
static double
growth(const struct diff_opts *o, const struct rrow *r, double mean_total_a)
{
	double d = r->w[RD_TOTAL].diff;

	if (o->shares)
		return d;
	return mean_total_a > 0 ? 100 * d / mean_total_a : 0;
}

static int
gated(const struct diff_opts *o, const struct rrow *r, double mean_total_a)
{
	if (!o->gate || !r->tested[RD_TOTAL] || !(r->qg < 1 - o->level) ||
	    !(r->w[RD_TOTAL].diff > 0) || growth(o, r, mean_total_a) <=
	    o->fail_above)
		return 0;
	if (o->npats == 0)
		return 1;
	for (size_t i = 0; i < o->npats; i++)
		if (fm_match(&o->pats[i], r->frame, r->len))
			return 1;
	return 0;
}

static void
put_side(struct buf *b, const char *name, const struct rside *sd,
    const struct diff_opts *o)
{
	const char *nm = input_name(sd->rs->name);

	buf_printf(b, "#input\t%s\t", name);
	esc_append(b, nm, strlen(nm));
	buf_printf(b, "\n#runs\t%s\t%zu\n", name, sd->rs->n);
	buf_printf(b, "#mean\t%s\t%s\t%.2f\n", name, o->cpu ? "cpu" :
	    "weight", sd->mean_total);
	lost_put_side(b, name, &sd->lost);
}

static void
put_num(struct buf *b, double v, int shares)
{
	if (isnan(v))
		buf_adds(b, "-");
	else
	{
		/* Rounded first, so that no "-0.00" is written. */
		double r = shares ? round(v * 1e4) / 1e4 : round(v * 100) / 100;

		buf_printf(b, shares ? "%.4f" : "%.2f", r == 0 ? 0 : r);
	}
}

static void
put_prob(struct buf *b, double v)
{
	if (isnan(v))
		buf_adds(b, "-");
	else
		buf_printf(b, "%.3g", v);
}

static void
write_table(const struct rrow *rows, const uint32_t *order, size_t n,
    const struct rside *sa, const struct rside *sb,
    const struct diff_opts *o, size_t nfam)
{
	struct buf b = { 0 };

	buf_printf(&b, "%s\n", SP_RUNSDIFF_MAGIC);
	put_side(&b, "a", sa, o);
	put_side(&b, "b", sb, o);
	buf_printf(&b, "#measure\t%s\n", o->cpu ? "cpu" : "weight");
	buf_printf(&b, "#compare\t%s\n", o->shares ? "shares" : "time");
	buf_printf(&b, "#test\twelch\t%g\n", o->level);
	buf_printf(&b, "#correction\tbenjamini-hochberg\t%g\t%zu\n",
	    o->min_share, nfam);
	buf_printf(&b, "#resolution\t%g\n", resolution(o, 100));
	buf_printf(&b, "%s\n", SP_RUNSDIFF_COLUMNS);
	fwrite(b.s, 1, b.len, stdout);
	for (size_t i = 0; i < n; i++) {
		const struct rrow *r = &rows[order[i]];

		buf_reset(&b);
		for (int part = 0; part < 2; part++) {
			const struct welch *w = &r->w[part];

			put_num(&b, w->mean_a, o->shares);
			buf_addc(&b, '\t');
			put_num(&b, w->mean_b, o->shares);
			buf_addc(&b, '\t');
			put_num(&b, w->diff, o->shares);
			buf_addc(&b, '\t');
			put_num(&b, !isnan(r->p[part]) ? w->lo : NAN,
			    o->shares);
			buf_addc(&b, '\t');
			put_num(&b, !isnan(r->p[part]) ? w->hi : NAN,
			    o->shares);
			buf_addc(&b, '\t');
			put_prob(&b, r->p[part]);
			buf_addc(&b, '\t');
			put_prob(&b, r->q[part]);
			buf_addc(&b, '\t');
			put_num(&b, !isnan(r->p[part]) ? w->mde : NAN,
			    o->shares);
			buf_addc(&b, '\t');
			buf_adds(&b, r->verdict[part]);
			buf_addc(&b, '\t');
		}
		buf_add(&b, r->frame, r->len);
		buf_addc(&b, '\n');
		fwrite(b.s, 1, b.len, stdout);
	}
	buf_free(&b);
}

/* The regressions on standard error; returns how many. */
static size_t
gate(const struct rrow *rows, const uint32_t *order, size_t n,
    const struct rside *sa, const struct rside *sb,
    const struct diff_opts *o)
{
	size_t found = 0;

	for (size_t i = 0; i < n; i++) {
		const struct rrow *r = &rows[order[i]];
		const struct welch *w = &r->w[RD_TOTAL];
		double f = o->shares || !(sa->mean_total > 0) ? 1 :
		    100 / sa->mean_total;

		if (!gated(o, r, sa->mean_total))
			continue;
		found++;
		fprintf(stderr, "%s: regression: %.*s: total %.6g -> %.6g, "
		    "%+.2f%s (%g%% interval %+.2f to %+.2f), grew with p "
		    "%.3g, q %.3g (one-sided), %zu + %zu runs\n",
		    getprogname(), (int)r->len, r->frame, w->mean_a, w->mean_b,
		    w->diff * f, o->shares ? " points" : "% of a's mean total",
		    o->level * 100, w->lo * f, w->hi * f, w->p_grow, r->qg,
		    sa->rs->n, sb->rs->n);
	}
	return found;
}

/*
 * The Markdown summary, for a pull request's comment or a CI job's
 * summary: the verdict, what failed the gate, the largest significant
 * changes (ten at most), the runs and thresholds.
 */
static void
write_markdown(const struct rrow *rows, const uint32_t *order, size_t n,
    const struct rside *sa, const struct rside *sb,
    const struct diff_opts *o, size_t nfam)
{
	struct buf b = { 0 };
	size_t nfail = 0, nsig = 0, shown = 0;
	double f = o->shares || !(sa->mean_total > 0) ? 1 :
	    100 / sa->mean_total;
	const char *unit = o->shares ? " pt" : "%";

	for (size_t i = 0; i < n; i++) {
		const struct rrow *r = &rows[order[i]];

		nfail += gated(o, r, sa->mean_total);
		nsig += strcmp(r->verdict[RD_TOTAL], "grew") == 0 ||
		    strcmp(r->verdict[RD_TOTAL], "shrank") == 0;
	}
	if (o->gate)
		buf_printf(&b, "### sp-diff: %s\n\n", nfail > 0 ?
		    "regression (gate failed)" : "no regression (gate passed)");
	else
		buf_printf(&b, "### sp-diff: %zu significant change%s\n\n",
		    nsig, nsig == 1 ? "" : "s");
	buf_printf(&b, "%zu runs of `", sa->rs->n);
	esc_append(&b, input_name(sa->rs->name),
	    strlen(input_name(sa->rs->name)));
	buf_printf(&b, "` against %zu runs of `", sb->rs->n);
	esc_append(&b, input_name(sb->rs->name),
	    strlen(input_name(sb->rs->name)));
	buf_printf(&b, "`; each frame's %s per run, Welch's t at %g%%, "
	    "Benjamini-Hochberg over the %zu tests of %g%% of the time or "
	    "more", o->shares ? "share of the run's total" : o->cpu ?
	    "cpu time" : "time", o->level * 100, nfam, o->min_share);
	if (o->gate)
		buf_printf(&b, "; gate: total grew (one-sided) by more than "
		    "%g%s", o->fail_above, o->shares ? " points" :
		    "% of a's mean total");
	buf_adds(&b, ".\n\n");
	/* Lost samples: each side's runs are a biased part of the runs. */
	if (lost_say_sides(&b, &sa->lost, &sb->lost))
		buf_adds(&b, ".\n\n");
	if (nfail > 0) {
		buf_adds(&b, "Failed the gate:\n\n");
		for (size_t i = 0; i < n; i++) {
			const struct rrow *r = &rows[order[i]];
			const struct welch *w = &r->w[RD_TOTAL];

			if (!gated(o, r, sa->mean_total))
				continue;
			buf_adds(&b, "- `");
			buf_add(&b, r->frame, r->len);
			buf_printf(&b, "`: total %+.2f%s (%+.2f to %+.2f), "
			    "grew with q %.3g (one-sided)\n", w->diff * f, unit,
			    w->lo * f, w->hi * f, r->qg);
		}
		buf_addc(&b, '\n');
	}
	if (nsig > 0) {
		buf_printf(&b, "| frame | a | b | change | %g%% interval | q "
		    "|\n|---|--:|--:|--:|--:|--:|\n", o->level * 100);
		for (size_t i = 0; i < n && shown < 10; i++) {
			const struct rrow *r = &rows[order[i]];
			const struct welch *w = &r->w[RD_TOTAL];
			const char *v = r->verdict[RD_TOTAL];

			if (strcmp(v, "grew") != 0 && strcmp(v, "shrank") != 0)
				continue;
			shown++;
			buf_adds(&b, "| `");
			for (size_t k = 0; k < r->len; k++) {
				if (r->frame[k] == '|' || r->frame[k] == '`')
					buf_addc(&b, '\\');
				buf_addc(&b, r->frame[k]);
			}
			buf_printf(&b, "` | %.6g | %.6g | %+.2f%s | %+.2f to "
			    "%+.2f | %.3g |\n", w->mean_a, w->mean_b,
			    w->diff * f, unit, w->lo * f, w->hi * f,
			    r->q[RD_TOTAL]);
		}
		if (nsig > shown)
			buf_printf(&b, "\n%zu more in the table of `sp-diff`.\n",
			    nsig - shown);
	} else
		buf_adds(&b, "No frame's time changed beyond the noise "
		    "between runs.\n");
	fwrite(b.s, 1, b.len, stdout);
	buf_free(&b);
}

/*
 * A test of the family: a frame's self or total, and its values in the
 * runs (a's then b's, at off in the pool), to find tests that are one.
 */
struct ftest {
	uint64_t hash;
	size_t	 off;
	uint32_t row;
	int	 part;
};

static const struct ftest *sort_tests;
static const double *sort_pool;
static size_t sort_nv;

static int
ftest_cmp(const void *pa, const void *pb)
{
	const struct ftest *a = &sort_tests[*(const size_t *)pa];
	const struct ftest *b = &sort_tests[*(const size_t *)pb];
	int c;

	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	if ((c = memcmp(sort_pool + a->off, sort_pool + b->off, sort_nv *
	    sizeof(*sort_pool))) != 0)
		return c;
	if (a->row != b->row)
		return a->row < b->row ? -1 : 1;
	return a->part - b->part;
}

static uint64_t
hash_values(const double *v, size_t n)
{
	const unsigned char *c = (const unsigned char *)v;
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a */

	for (size_t i = 0; i < n * sizeof(*v); i++)
		h = (h ^ c[i]) * 1099511628211ULL;
	return h;
}

/*
 * The family's q-values: the two-sided ones of the table (p, q) and the
 * one-sided ones of a growth for the gate (pg, qg), each over the tests
 * of the family, where tests whose values are the same in every run (a
 * chain of callers: _start, __libc_start_main, main; a leaf's self and
 * total) count once: one hypothesis on one set of data, tested once, its
 * q given to each.  Returns the size of the family.
 */
static size_t
correct(const struct ftest *t, size_t nt, const double *pool, size_t nv,
    size_t n, double *p, double *q, double *pg, double *qg)
{
	size_t *ord, *rep, m = 0;

	ord = xreallocarray(NULL, nt > 0 ? nt : 1, sizeof(*ord));
	rep = xreallocarray(NULL, nt > 0 ? nt : 1, sizeof(*rep));
	for (size_t i = 0; i < nt; i++)
		ord[i] = i;
	sort_tests = t;
	sort_pool = pool;
	sort_nv = nv;
	if (nt > 1)
		qsort(ord, nt, sizeof(*ord), ftest_cmp);
	/* The first of a run of equal tests stands for the others. */
	for (size_t i = 0, first = 0; i < nt; i++) {
		const struct ftest *a = &t[ord[i]], *f = &t[ord[first]];
		int same = i > 0 && a->hash == f->hash && memcmp(pool + a->off,
		    pool + f->off, nv * sizeof(*pool)) == 0;

		if (same) {
			size_t k = 2 * (size_t)a->row + (size_t)a->part;

			p[k] = pg[k] = NAN;
		} else {
			first = i;
			f = a;
			m++;
		}
		rep[ord[i]] = 2 * (size_t)f->row + (size_t)f->part;
	}
	bh_qvalues(p, 2 * n, q);
	bh_qvalues(pg, 2 * n, qg);
	for (size_t i = 0; i < nt; i++) {
		size_t k = 2 * (size_t)t[i].row + (size_t)t[i].part;

		p[k] = p[rep[i]];
		q[k] = q[rep[i]];
		pg[k] = pg[rep[i]];
		qg[k] = qg[rep[i]];
	}
	free(rep);
	free(ord);
	return m;
}

/*
 * Is a part of a frame a hypothesis of the family?  Its own measure (its
 * self for the self, its total for the total) is at least --min-share
 * percent of either side's mean total: a self of a few samples under a
 * large total changes by less than any resolution, and only widens the
 * family (a caller's self of 0 in every run, above all).
 */
static int
in_family(const struct welch *w, const struct rside *sa,
    const struct rside *sb, const struct diff_opts *o)
{
	double share_a, share_b;

	if (w->se == 0 && w->mean_a == 0 && w->mean_b == 0)
		return 0;
	share_a = o->shares ? w->mean_a : sa->mean_total > 0 ?
	    100 * w->mean_a / sa->mean_total : 0;
	share_b = o->shares ? w->mean_b : sb->mean_total > 0 ?
	    100 * w->mean_b / sb->mean_total : 0;
	return share_a >= o->min_share || share_b >= o->min_share;
}

/*
 * Read both sets and test every frame: the rows, n of them, and the size
 * of the family (*nfam).
 */
static struct rrow *
compare(const struct runset *ra, const struct runset *rb,
    const struct diff_opts *o, struct rside *sa_, struct rside *sb_,
    size_t *np, size_t *nfam)
{
	struct rside sa, sb;
	struct rrow *rows;
	struct ftest *tests = NULL;
	double *pool = NULL, *p, *q, *pg, *qg, alpha = 1 - o->level, res;
	size_t n, nv = ra->n + rb->n, nt = 0, tcap = 0, pcap = 0;

	if (ra->n < 3 || rb->n < 3)
		errx(1, "%s has %zu run%s, %s %zu: comparing sets of runs "
		    "needs 3 runs a side at least (5 or more tell more; "
		    "sp-record --repeat records them)", input_name(ra->name),
		    ra->n, ra->n == 1 ? "" : "s", input_name(rb->name), rb->n);
	read_runs(&sa, ra, NULL, NULL, o);
	read_runs(&sb, rb, sa.runs[0], ra->paths[0], o);
	if (o->shares && fabs(sa.mean_total - sb.mean_total) > 0.25 *
	    fmax(sa.mean_total, sb.mean_total))
		warnx("--shares: the runs' totals differ (a %.6g, b %.6g on "
		    "average): the workloads differ; shares compare how the "
		    "time is spent, not how much", sa.mean_total,
		    sb.mean_total);
	res = resolution(o, sa.mean_total);

	n = st_count(sa.runs[0]->frames);
	rows = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*rows));
	p = xreallocarray(NULL, 2 * (n > 0 ? n : 1), sizeof(*p));
	q = xreallocarray(NULL, 2 * (n > 0 ? n : 1), sizeof(*q));
	pg = xreallocarray(NULL, 2 * (n > 0 ? n : 1), sizeof(*pg));
	qg = xreallocarray(NULL, 2 * (n > 0 ? n : 1), sizeof(*qg));
	for (size_t i = 0; i < n; i++) {
		struct rrow *r = &rows[i];

		r->frame = st_str(sa.runs[0]->frames, (uint32_t)i, &r->len);
		for (int part = 0; part < 2; part++) {
			size_t k = 2 * i + (size_t)part;
			double *v;

			xgrow(&pool, &pcap, (nt + 1) * nv, sizeof(*pool));
			v = pool + nt * nv;
			values(&sa, (uint32_t)i, part, o, v);
			values(&sb, (uint32_t)i, part, o, v + ra->n);
			welch_test(v, ra->n, v + ra->n, rb->n, o->level,
			    &r->w[part]);
			r->tested[part] = in_family(&r->w[part], &sa, &sb, o);
			p[k] = pg[k] = NAN;
			if (!r->tested[part])
				continue;
			p[k] = r->w[part].p;
			pg[k] = r->w[part].p_grow;
			xgrow(&tests, &tcap, nt + 1, sizeof(*tests));
			tests[nt].hash = hash_values(v, nv);
			tests[nt].off = nt * nv;
			tests[nt].row = (uint32_t)i;
			tests[nt].part = part;
			nt++;
		}
	}
	*nfam = correct(tests, nt, pool, nv, n, p, q, pg, qg);
	for (size_t i = 0; i < n; i++) {
		struct rrow *r = &rows[i];

		for (int part = 0; part < 2; part++) {
			r->p[part] = p[2 * i + part];
			r->q[part] = q[2 * i + part];
			r->verdict[part] = r->tested[part] ?
			    verdict(&r->w[part], r->q[part], alpha, res) : "-";
		}
		r->qg = qg[2 * i + RD_TOTAL];
	}
	free(tests);
	free(pool);
	free(p);
	free(q);
	free(pg);
	free(qg);
	*sa_ = sa;
	*sb_ = sb;
	*np = n;
	return rows;
}

int
diff_runs(const struct runset *ra, const struct runset *rb,
    const struct diff_opts *o)
{
	struct rside sa, sb;
	struct rrow *rows;
	uint32_t *order;
	size_t n, nfam;
	int status = 0;

	rows = compare(ra, rb, o, &sa, &sb, &n, &nfam);
	order = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	diff_check_fail_frames(o, rows, n, sizeof(*rows), row_frame);
	sort_rows = rows;
	if (n > 1)
		qsort(order, n, sizeof(*order), row_cmp);
	if (o->markdown)
		write_markdown(rows, order, n, &sa, &sb, o, nfam);
	else
		write_table(rows, order, n, &sa, &sb, o, nfam);
	finish_stdout();
	if (o->gate && gate(rows, order, n, &sa, &sb, o) > 0)
		status = DIFF_EXIT_REGRESSION;
	free(rows);
	free(order);
	/* b's runs first: a's first run owns the frames they name. */
	rside_free(&sb, 0);
	rside_free(&sa, 0);
	return status;
}

static struct agg **kept_runs;	/* runs_verdicts' frames live in [0] */

void
runs_verdicts(const struct runset *ra, const struct runset *rb,
    const struct diff_opts *o, struct strtab **frames, signed char **v)
{
	struct rside sa, sb;
	struct rrow *rows;
	size_t n, nfam;

	rows = compare(ra, rb, o, &sa, &sb, &n, &nfam);
	*frames = sa.runs[0]->frames;
	*v = xreallocarray(NULL, n > 0 ? n : 1, 1);
	for (size_t i = 0; i < n; i++)
		(*v)[i] = strcmp(rows[i].verdict[RD_TOTAL], "grew") == 0 ? 1 :
		    strcmp(rows[i].verdict[RD_TOTAL], "shrank") == 0 ? -1 : 0;
	free(rows);
	/* The frames stay with a's first run, kept for the caller. */
	kept_runs = sa.runs;
	rside_free(&sb, 0);
	rside_free(&sa, 1);
}

void
runs_verdicts_free(signed char *v)
{
	free(v);
	if (kept_runs != NULL) {
		agg_free(kept_runs[0]);
		free(kept_runs);
		kept_runs = NULL;
	}
}
