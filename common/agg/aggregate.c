/*
 * aggregate.c: the aggregation engine (aggregate.h): sample streams and
 * aggregate tables summed into frame rows, for sp-aggregate and sp-diff.
 * The checks on each line are made here once, so that a bad line reads the
 * same whichever tool finds it.
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
	buf_free(&a->key);
	free(a->sv);
	free(a->fr);
	free(a);
}

static int
is(const char *s, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(s, lit, n) == 0;
}

/* With weight_is_cpu, the weight of the table is cpu time: say so. */
static void
units_header(struct agg *a, const char *line, size_t len)
{
	const char *p = line, *end = line + len;

	buf_reset(&a->key);
	for (;;) {
		const char *q = memchr(p, '\t', (size_t)(end - p));
		size_t n = (size_t)((q == NULL ? end : q) - p);

		if (p != line)
			buf_addc(&a->key, '\t');
		if (n >= 7 && memcmp(p, "weight=", 7) == 0)
			buf_adds(&a->key, "weight=ns");
		else
			buf_add(&a->key, p, n);
		if (q == NULL)
			break;
		p = q + 1;
	}
	st_intern(a->headers, a->key.s, a->key.len, NULL);
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
	{
		const char *why;
		int r = lost_header(&a->t.lost, line, len, &why);

		if (r == -1)
			lr_fail(lr, "%s", why);
		if (r == 1)
			return;
	}
	if ((len == 8 || (len > 8 && line[8] == '\t')) &&
	    memcmp(line, "#columns", 8) == 0)
		return;
	if (a->weight_is_cpu && len > 7 && memcmp(line, "#units\t", 7) == 0) {
		units_header(a, line, len);
		return;
	}
	st_intern(a->headers, line, len, NULL);
}

/* The id of this stack (or -r key), added if new. */
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

/* The -r root frame of a sample, as an escaped frame, and a tab. */
static void
root_key(struct agg *a, const struct field *f)
{
	const struct field *name = a->root == AGG_ROOT_PROCESS ?
	    &f[F_PROCESS] : &f[F_THREAD];

	buf_reset(&a->key);
	if (name->len == 0)
		buf_adds(&a->key, "[unknown]");
	else
		buf_add(&a->key, name->s, name->len);
	if (a->root == AGG_ROOT_COMM_PID || a->root == AGG_ROOT_COMM_TID) {
		buf_addc(&a->key, '-');
		buf_add(&a->key, f[F_PID].s, f[F_PID].len);
	}
	if (a->root == AGG_ROOT_COMM_TID) {
		buf_addc(&a->key, '/');
		buf_add(&a->key, f[F_TID].s, f[F_TID].len);
	}
	/* As stackcollapse-perf.pl does: a space would end the stack. */
	for (size_t i = 0; i < a->key.len; i++)
		if (a->key.s[i] == ' ')
			a->key.s[i] = '_';
	buf_addc(&a->key, '\t');
}

/*
 * The numbers of a sample line of nf fields (a ninth is its samples
 * column), checked (sample_nums.h) and added to the totals: the weight and
 * cpu the stack gets are in *w and *c, its samples in *ns.
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
	if (a->weight_is_cpu)
		sn.weight = sn.cpu;
	if (sn_add(&sn, &a->t.samples, &a->t.weight, &a->t.cpu) == -1)
		lr_fail(lr, SN_OVERFLOW);
	*w = sn.weight;
	*c = sn.cpu;
	*ns = sn.samples;
}

/* A sample line of nf fields, the general way. */
static void
sample(struct agg *a, const struct lreader *lr, const struct field *f,
    size_t nf)
{
	int64_t w, c, ns;
	uint32_t id;

	sample_numbers(a, lr, f, nf, &w, &c, &ns);
	if (f[F_STACK].len == 0) {
		agg_add(&a->t.empty, ns);
		/* With a root, the root alone. */
		if (a->root == AGG_ROOT_NONE)
			return;
	}
	if (a->root != AGG_ROOT_NONE) {
		root_key(a, f);
		buf_add(&a->key, f[F_STACK].s, f[F_STACK].len);
		id = stack_id(a, lr, a->key.s, a->key.len);
	} else
		id = stack_id(a, lr, f[F_STACK].s, f[F_STACK].len);
	/* Cannot overflow: the totals did not. */
	a->sv[id].w += w;
	a->sv[id].c += c;
}

/*
 * Count a line split ahead (samples_ahead.h) in its turn.  Returns 0 when
 * it was counted, -1 when it must take the general path (a new stack),
 * nothing changed.
 */
static int
fast_sample(void *arg, const struct lreader *lr, const struct sample_ahead *h)
{
	struct agg *a = arg;
	const struct field *f = h->f;
	int64_t w, c, ns, id;

	if (f[F_STACK].len == 0) {
		/* No tab in the stack: the line has nf fields. */
		sample_numbers(a, lr, f, h->nf, &w, &c, &ns);
		agg_add(&a->t.empty, ns);
		return 0;
	}
	/*
	 * No "same as the last line" shortcut here: it hits one line in
	 * eight, and keeping it costs a load from the table for every line.
	 */
	if ((id = st_find_hashed(a->stacks, f[F_STACK].s, f[F_STACK].len,
	    h->hash)) < 0)
		return -1;
	sample_numbers(a, lr, f, h->nf, &w, &c, &ns);
	a->sv[id].w += w;
	a->sv[id].c += c;
	return 0;
}

/* Start loading the sums of stack id (samples_ahead.h). */
static void
fast_prefetch(void *arg, uint32_t id)
{
	struct agg *a = arg;

	__builtin_prefetch(&a->sv[id]);
}

uint32_t
agg_frame_row(struct agg *a, const char *s, size_t n)
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

	if (a->table_refused != NULL)
		lr_fail(lr, "%s", a->table_refused);
	agg_table_line(lr, line, len, &al);
	a->table_rows++;
	/* agg_frame_row may move a->fr: index it only after the call. */
	id = agg_frame_row(a, al.frame.s, al.frame.len);
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
		/* -r keys a stack by more than its string. */
		.fast = a->root == AGG_ROOT_NONE ? fast_sample : NULL,
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

/* Count a stack's weight once towards a row's total. */
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

/* Is frame s[0..n) of the image ("LIB!...", LIB the image)? */
static int
in_image(const struct agg *a, const char *s, size_t n)
{
	const char *bang = memchr(s, '!', n);

	return bang != NULL && (size_t)(bang - s) == a->image_len &&
	    memcmp(s, a->image, a->image_len) == 0;
}

/*
 * Split each distinct stack into frames and fill the frame rows.  Rows are
 * held by id: a->fr moves when it grows.  A stack's self goes to the rows
 * of its leaf, or with an image to those of its innermost frame of the
 * image.
 */
void
agg_finish(struct agg *a)
{
	size_t nst = st_count(a->stacks);

	for (size_t id = 0; id < nst; id++) {
		size_t len;
		const char *s = st_str(a->stacks, (uint32_t)id, &len);
		const char *p = s, *end = s + len;
		int64_t w = a->sv[id].w, c = a->sv[id].c;
		uint32_t leaf[2] = { UINT32_MAX, UINT32_MAX };
		uint32_t img[2] = { UINT32_MAX, UINT32_MAX };
		int have_img = 0;
		const uint32_t *self;

		for (;;) {
			const char *q = frame_end(p, end);
			size_t fn = (size_t)(q - p);

			if (a->frame_rows != NULL) {
				leaf[0] = leaf[1] = UINT32_MAX;
				a->frame_rows(a, a->frame_rows_arg, p, fn,
				    leaf);
			} else
				leaf[0] = agg_frame_row(a, p, fn);
			for (int k = 0; k < 2; k++)
				if (leaf[k] != UINT32_MAX)
					count_total(a, leaf[k], id, w, c);
			if (a->image != NULL && in_image(a, p, fn)) {
				img[0] = leaf[0];
				img[1] = leaf[1];
				have_img = 1;
			}
			if (q == end)
				break;
			p = q + 1;
		}
		self = have_img ? img : leaf;
		for (int k = 0; k < 2; k++)
			if (self[k] != UINT32_MAX) {
				agg_add(&a->fr[self[k]].self, w);
				agg_add(&a->fr[self[k]].cpu_self, c);
			}
	}
}
