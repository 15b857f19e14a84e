/*
 * aggregate.c: summing sample streams and aggregate tables into frame rows
 * (aggregate.h).  The checks on each line are sp-aggregate's, with its
 * messages, so that a bad line reads the same whichever tool finds it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggregate.h"
#include "base/escape.h"
#include "base/input.h"
#include "stream/samples_ahead.h"
#include "stream/sample_nums.h"
#include "stream/stream.h"
#include "base/strtab.h"
#include "base/util.h"

struct agg *
agg_new(void)
{
	struct agg *a = xcalloc(1, sizeof(*a));

	a->headers = st_new();
	a->stacks = st_new();
	a->frames = st_new();
	a->own_frames = 1;
	return a;
}

struct agg *
agg_new_sharing(struct agg *other)
{
	struct agg *a = xcalloc(1, sizeof(*a));

	a->headers = st_new();
	a->stacks = st_new();
	a->frames = other->frames;
	return a;
}

void
agg_free(struct agg *a)
{
	if (a == NULL)
		return;
	st_free(a->headers);
	st_free(a->stacks);
	if (a->own_frames)
		st_free(a->frames);
	free(a->sv);
	free(a->fr);
	free(a);
}

static int
is(const char *s, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(s, lit, n) == 0;
}

static void
header(struct agg *a, const struct lreader *lr, const char *line, size_t len)
{
	if (len >= 4 && memcmp(line, "#sp ", 4) == 0) {
		if (is(line, len, SP_SAMPLES_MAGIC) ||
		    is(line, len, SP_SAMPLES2_MAGIC) ||
		    is(line, len, SP_AGGREGATE_MAGIC))
			return;
		lr_fail(lr, "unsupported format: %.*s",
		    (int)(len > 60 ? 60 : len), line);
	}
	if (len >= 7 && memcmp(line, "#total\t", 7) == 0) {
		agg_total_header(&a->t, lr, line, len);
		return;
	}
	if ((len == 8 || (len > 8 && line[8] == '\t')) &&
	    memcmp(line, "#columns", 8) == 0)
		return;
	st_intern(a->headers, line, len, NULL);
}

static uint32_t
stack_id(struct agg *a, const struct lreader *lr, const char *s, size_t n)
{
	int added;
	uint32_t id;

	if (a->have_last && n == a->last_len && memcmp(s, a->last_s, n) == 0)
		return a->last_id;
	id = st_intern(a->stacks, s, n, &added);
	if (added) {
		if (!esc_valid(s, n))
			lr_fail(lr, "bad escape in a name");
		xgrow(&a->sv, &a->svcap, (size_t)id + 1, sizeof(*a->sv));
		a->sv[id].w = a->sv[id].c = 0;
	}
	a->have_last = 1;
	a->last_id = id;
	a->last_s = st_str(a->stacks, id, &a->last_len);
	return id;
}

/*
 * The numbers of a sample line of nf fields, checked (sample_nums.h) and
 * added to the totals: the stack's weight and cpu in *w and *c, its
 * samples in *ns.
 */
static void
sample_numbers(struct agg *a, const struct lreader *lr, const struct field *f,
    size_t nf, int64_t *w, int64_t *c, int64_t *ns)
{
	struct sample_nums sn;
	const char *why;

	if (sample_nums(f, nf, &sn, &why) == -1)
		lr_fail(lr, "%s", why);
	if (a->want_time) {
		double t;

		/* sample_nums checked it: it parses. */
		(void)parse_double(f[F_TIME].s, f[F_TIME].len, &t);
		if (!a->has_time || t < a->tmin)
			a->tmin = t;
		if (!a->has_time || t > a->tmax)
			a->tmax = t;
		a->has_time = 1;
	}
	if (sn.has_cpu)
		a->t.has_cpu = 1;
	if (sn_add(&sn, &a->t.samples, &a->t.weight, &a->t.cpu) == -1)
		lr_fail(lr, SN_OVERFLOW);
	*w = sn.weight;
	*c = sn.cpu;
	*ns = sn.samples;
}

static void
sample(struct agg *a, const struct lreader *lr, const struct field *f,
    size_t nf)
{
	int64_t w, c, ns;
	uint32_t id;

	sample_numbers(a, lr, f, nf, &w, &c, &ns);
	if (f[F_STACK].len == 0) {
		agg_add(&a->t.empty, ns);
		return;
	}
	id = stack_id(a, lr, f[F_STACK].s, f[F_STACK].len);
	/* Cannot overflow: the totals did not. */
	a->sv[id].w += w;
	a->sv[id].c += c;
}

/*
 * A line split ahead (samples_ahead.h) whose stack was seen before: 0, or
 * -1 for the general path, nothing changed.
 */
static int
fast_sample(void *arg, const struct lreader *lr, const struct sample_ahead *h)
{
	struct agg *a = arg;
	const struct field *f = h->f;
	int64_t w, c, ns, id = -1;

	if (f[F_STACK].len > 0 && (id = st_find_hashed(a->stacks,
	    f[F_STACK].s, f[F_STACK].len, h->hash)) < 0)
		return -1;
	sample_numbers(a, lr, f, h->nf, &w, &c, &ns);
	if (id < 0)
		agg_add(&a->t.empty, ns);
	else {
		a->sv[id].w += w;
		a->sv[id].c += c;
	}
	return 0;
}

static void
fast_prefetch(void *arg, uint32_t id)
{
	struct agg *a = arg;

	__builtin_prefetch(&a->sv[id]);
}

static uint32_t
frame_row(struct agg *a, const char *s, size_t n)
{
	uint32_t id = st_intern(a->frames, s, n, NULL);

	/* New to this agg: zero its row, and those of the frames before it. */
	if (id >= a->nfr) {
		xgrow(&a->fr, &a->frcap, (size_t)id + 1, sizeof(*a->fr));
		memset(&a->fr[a->nfr], 0, (id + 1 - a->nfr) * sizeof(*a->fr));
		a->nfr = (size_t)id + 1;
	}
	return id;
}

static void
table_row(struct agg *a, const struct lreader *lr, const char *line,
    size_t len)
{
	struct agg_line al;
	uint32_t id;

	agg_table_line(lr, line, len, &al);
	a->table_rows++;
	/* frame_row may move a->fr: index it only after the call. */
	id = frame_row(a, al.frame.s, al.frame.len);
	agg_row_add(&a->fr[id], &al);
}

/* One line, the general way. */
static void
one_line(void *arg, const struct lreader *lr, const char *line, size_t len)
{
	struct agg *a = arg;
	struct field f[SAMPLE_MAXFIELDS];
	size_t nf;

	if (len > 0 && line[0] == '#') {
		header(a, lr, line, len);
		return;
	}
	nf = split_tabs(line, len, f, SAMPLE_MAXFIELDS);
	if (nf == SAMPLE_NFIELDS || nf == SAMPLE_MAXFIELDS)
		sample(a, lr, f, nf);
	else if (nf == AGG_NFIELDS)
		table_row(a, lr, line, len);
	else if (len == 0)
		lr_fail(lr, "empty line");
	else
		lr_fail(lr, "%s fields: a sample line has %d or %d, "
		    "an aggregate line %d", nf > SAMPLE_MAXFIELDS ?
		    "too many" : "wrong number of", SAMPLE_NFIELDS,
		    SAMPLE_MAXFIELDS, AGG_NFIELDS);
}

void
agg_read(struct agg *a, const char *path)
{
	struct samples_ahead_ops ops = {
		.stacks = a->stacks,
		.prefetch = fast_prefetch,
		.fast = fast_sample,
		.line = one_line,
		.arg = a
	};
	struct lreader *lr;

	if ((lr = lr_open(path)) == NULL)
		exit(1);
	a->have_last = 0;
	samples_ahead_read(lr, &ops);
	lr_close(lr);
	a->have_last = 0;
}

static void
count_total(struct agg *a, uint32_t row, size_t id, int64_t w, int64_t c)
{
	struct agg_row *r = &a->fr[row];

	if (r->stamp != id + 1) {
		r->stamp = (uint32_t)(id + 1);
		agg_add(&r->total, w);
		agg_add(&r->cpu_total, c);
	}
}

void
agg_finish(struct agg *a)
{
	size_t nst = st_count(a->stacks);

	for (size_t id = 0; id < nst; id++) {
		size_t len;
		const char *s = st_str(a->stacks, (uint32_t)id, &len);
		const char *p = s, *end = s + len;
		int64_t w = a->sv[id].w, c = a->sv[id].c;
		uint32_t leaf;

		for (;;) {
			const char *q = frame_end(p, end);

			leaf = frame_row(a, p, (size_t)(q - p));
			count_total(a, leaf, id, w, c);
			if (q == end)
				break;
			p = q + 1;
		}
		agg_add(&a->fr[leaf].self, w);
		agg_add(&a->fr[leaf].cpu_self, c);
	}
}
