/*
 * read_speedscope.c: speedscope's JSON file format
 * (https://www.speedscope.app/file-format-schema.json), as py-spy
 * --format speedscope, pyinstrument, Austin and rbspy write it, into the
 * sample stream.  The rules are those of ../shared/bench/ref_formats.py:
 *
 *	frames	shared.frames [{name, file, line, col}]: the label is the
 *		name, then " (FILE:LINE:COL)" when file is not empty, each of
 *		":LINE" and ":COL" only when present
 *	sampled	samples [[frame index, root first]] with weights [w]
 *	evented	events [{type "O"|"C", frame, at}] in order of at: each
 *		interval between two events is one sample of the frames open
 *		during it, weighted by its length; nothing open or a length
 *		of 0 is no sample, a close of a frame that is not the
 *		innermost open one and a decreasing "at" are errors
 *	weight	w in the profile's unit, time units in nanoseconds: w x F
 *		rounded half to even (nearbyint), F = 1e9 for seconds, 1e6
 *		milliseconds, 1e3 microseconds, 1 nanoseconds, none, bytes
 *	threads	each profile is a thread named by the profile's name; the
 *		time column is ms since the profile's start (the sum of the
 *		weights before, for sampled; at - startValue, for evented)
 *		for time units, 0 otherwise
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/json.h"
#include "read/profile_impl.h"
#include "read/reader.h"
#include "base/util.h"

/* A weight beyond this many units is refused (sums must fit 64 bits). */
#define SS_MAX_WEIGHT	((double)((int64_t)1 << 53))

struct ss {
	struct pctx *c;
	const struct json *j;
	struct ptbuild b;
	uint32_t *frame;	/* shared.frames[i] -> frame */
	size_t	 nframe;
	int32_t	*open;		/* evented: the stacks of the open frames */
	int64_t	*openf;		/* and their frame indexes */
	size_t	 opencap;
	struct buf tmp, lab;
};

static void
read_frames(struct ss *s, int root)
{
	struct pctx *c = s->c;
	const struct json *j = s->j;
	int fr = json_get(j, json_get(j, root, "shared"), "frames"), x;

	if (!json_is_array(j, fr))
		pfail(c, "shared.frames is not an array");
	s->nframe = (size_t)j->t[fr].size;
	s->frame = xreallocarray(NULL, s->nframe + 1, sizeof(*s->frame));
	x = fr + 1;
	for (size_t i = 0; i < s->nframe; i++, x = json_next(j, x)) {
		int name, file, k;

		if (!json_is_object(j, x))
			pfail(c, "shared.frames[%zu] is not an object", i);
		buf_reset(&s->lab);
		name = json_get(j, x, "name");
		if (name >= 0 && !json_is_null(j, name)) {
			if (!json_is_string(j, name) ||
			    json_str(j, name, &s->lab) == -1)
				pfail(c, "shared.frames[%zu].name is not a "
				    "string", i);
		}
		file = json_get(j, x, "file");
		if (file >= 0 && !json_is_null(j, file) &&
		    (!json_is_string(j, file) ||
		    json_str(j, file, &s->tmp) == -1))
			pfail(c, "shared.frames[%zu].file is not a string", i);
		if (file >= 0 && !json_is_null(j, file) && s->tmp.len > 0) {
			buf_add(&s->lab, " (", 2);
			buf_add(&s->lab, s->tmp.s, s->tmp.len);
			for (int m = 0; m < 2; m++) {
				k = json_get(j, x, m == 0 ? "line" : "col");
				if (k < 0 || json_is_null(j, k))
					continue;
				if (!json_is_number(j, k))
					pfail(c, "shared.frames[%zu].%s is not "
					    "a number", i, m == 0 ? "line" :
					    "col");
				buf_addc(&s->lab, ':');
				buf_add(&s->lab, j->s + j->t[k].start,
				    (size_t)(j->t[k].end - j->t[k].start));
			}
			buf_addc(&s->lab, ')');
		}
		s->frame[i] = ptb_frame(&s->b, s->lab.s != NULL ? s->lab.s :
		    "", s->lab.len);
	}
}

/* The factor of a profile's unit to sp's weight, and its weight type. */
static double
unit_factor(struct ss *s, int pr, size_t pi, const char **type)
{
	static const struct {
		const char *unit, *type;
		double f;
	} units[] = {
		{ "none", "samples", 1 }, { "bytes", "bytes", 1 },
		{ "nanoseconds", "ns", 1 }, { "microseconds", "ns", 1e3 },
		{ "milliseconds", "ns", 1e6 }, { "seconds", "ns", 1e9 },
	};
	int u = json_get(s->j, pr, "unit");

	if (u < 0 || json_is_null(s->j, u)) {
		*type = "samples";
		return 1;
	}
	for (size_t i = 0; i < SP_NELEM(units); i++)
		if (json_streq(s->j, u, units[i].unit)) {
			*type = units[i].type;
			return units[i].f;
		}
	pfail(s->c, "profiles[%zu]: unknown unit", pi);
}

/* w x f as sp's integer weight (half to even), or a failure. */
static int64_t
weight_of(struct ss *s, double w, double f, size_t pi, size_t k)
{
	double v = nearbyint(w * f);

	if (!(v <= SS_MAX_WEIGHT && v >= -SS_MAX_WEIGHT))
		pfail(s->c, "profiles[%zu]: weight %zu out of range", pi, k);
	return (int64_t)v;
}

/* The stack of frame index fi under parent. */
static int32_t
push_frame(struct ss *s, int32_t parent, int64_t fi, size_t pi)
{
	if (fi < 0 || (uint64_t)fi >= s->nframe)
		pfail(s->c, "profiles[%zu]: frame %lld out of range (%zu "
		    "frames)", pi, (long long)fi, s->nframe);
	return ptb_stack(s->c, &s->b, parent, s->frame[fi]);
}

static void
read_sampled(struct ss *s, int pr, size_t pi, size_t th, double f,
    double tf)
{
	struct pctx *c = s->c;
	const struct json *j = s->j;
	int sm = json_get(j, pr, "samples"), wt = json_get(j, pr, "weights");
	int x, n;
	double now = 0;

	if (!json_is_array(j, sm))
		pfail(c, "profiles[%zu]: samples is not an array", pi);
	n = json_len(j, sm);
	if (!json_is_array(j, wt) || json_len(j, wt) != n)
		pfail(c, "profiles[%zu]: weights is not an array of one "
		    "weight per sample", pi);
	x = sm + 1;
	for (int k = 0; k < n; k++, x = json_next(j, x)) {
		int32_t st = -1;
		double w;
		int64_t fi, wv;

		if (!json_is_array(j, x))
			pfail(c, "profiles[%zu].samples[%d] is not an array",
			    pi, k);
		for (int m = 0; m < json_len(j, x); m++) {
			if (json_at_int(j, x, m, &fi) == -1)
				pfail(c, "profiles[%zu].samples[%d]: not a "
				    "frame index", pi, k);
			st = push_frame(s, st, fi, pi);
		}
		if (json_at_double(j, wt, k, &w) == -1)
			pfail(c, "profiles[%zu].weights[%d] is not a number",
			    pi, k);
		wv = weight_of(s, w, f, pi, (size_t)k);
		if (c->th[th].n == UINT32_MAX)
			pfail(c, "profiles[%zu]: too many samples", pi);
		padd_sample(&c->th[th], st, now * tf, wv, -1);
		now += w;
	}
}

static void
read_evented(struct ss *s, int pr, size_t pi, size_t th, double f,
    double tf)
{
	struct pctx *c = s->c;
	const struct json *j = s->j;
	int ev = json_get(j, pr, "events"), x;
	size_t depth = 0;
	double prev = 0, start = 0;

	if (!json_is_array(j, ev))
		pfail(c, "profiles[%zu]: events is not an array", pi);
	if (json_double(j, json_get(j, pr, "startValue"), &start) == -1 ||
	    !isfinite(start))
		start = 0;
	x = ev + 1;
	for (int k = 0; k < j->t[ev].size; k++, x = json_next(j, x)) {
		int type = json_get(j, x, "type");
		double at;
		int64_t fi;

		if (!json_is_object(j, x) ||
		    json_double(j, json_get(j, x, "at"), &at) == -1 ||
		    !isfinite(at) ||
		    json_int(j, json_get(j, x, "frame"), &fi) == -1)
			pfail(c, "profiles[%zu].events[%d]: not an event with "
			    "type, frame and at", pi, k);
		if (k > 0 && at < prev)
			pfail(c, "profiles[%zu].events[%d]: at goes back in "
			    "time", pi, k);
		if (k > 0 && depth > 0) {
			int64_t w = weight_of(s, at - prev, f, pi, (size_t)k);

			if (w != 0) {
				if (c->th[th].n == UINT32_MAX)
					pfail(c, "profiles[%zu]: too many "
					    "samples", pi);
				padd_sample(&c->th[th], s->open[depth - 1],
				    (prev - start) * tf, w, -1);
			}
		}
		prev = at;
		if (json_streq(j, type, "O")) {
			xgrow(&s->open, &s->opencap, depth + 1,
			    sizeof(*s->open));
			s->openf = xreallocarray(s->openf, s->opencap,
			    sizeof(*s->openf));
			s->open[depth] = push_frame(s, depth > 0 ?
			    s->open[depth - 1] : -1, fi, pi);
			s->openf[depth++] = fi;
		} else if (json_streq(j, type, "C")) {
			if (depth == 0 || s->openf[depth - 1] != fi)
				pfail(c, "profiles[%zu].events[%d]: close of "
				    "frame %lld, which is not the innermost "
				    "open frame", pi, k, (long long)fi);
			depth--;
		} else
			pfail(c, "profiles[%zu].events[%d]: type is neither "
			    "\"O\" nor \"C\"", pi, k);
	}
}

static int
speedscope_sniff(const struct json *j, int root)
{
	int sc = json_get(j, root, "$schema");
	struct buf b = {0};
	int yes = 0;

	if (json_is_string(j, sc) && json_str(j, sc, &b) == 0 &&
	    strstr(b.s, "speedscope") != NULL)
		yes = 1;
	buf_free(&b);
	return yes || (json_get(j, root, "shared") >= 0 &&
	    json_get(j, root, "profiles") >= 0);
}

/* profile_run frees the state, after the reader or after a failure. */
static void
ss_free(void *arg)
{
	struct ss *s = arg;

	ptb_free(&s->b);
	free(s->frame);
	free(s->open);
	free(s->openf);
	buf_free(&s->tmp);
	buf_free(&s->lab);
	free(s);
}

static void
speedscope_read(struct pctx *c, const struct pinput *in)
{
	const struct json *j = in->j;
	int prs = json_get(j, in->root, "profiles"), x;
	struct ss *ss = xcalloc(1, sizeof(*ss));
	const char *type = NULL;

	c->cleanup = ss_free;
	c->cleanup_arg = ss;
	ss->c = c;
	ss->j = j;
	snprintf(c->format, sizeof(c->format), "speedscope");
	ptb_init(c, &ss->b);
	read_frames(ss, in->root);
	if (!json_is_array(j, prs))
		pfail(c, "profiles is not an array");
	x = prs + 1;
	for (size_t pi = 0; pi < (size_t)j->t[prs].size; pi++,
	    x = json_next(j, x)) {
		const char *t;
		double f, tf;
		size_t th = c->nth;
		char *name;

		if (!json_is_object(j, x))
			pfail(c, "profiles[%zu] is not an object", pi);
		f = unit_factor(ss, x, pi, &t);
		if (type != NULL && strcmp(type, t) != 0)
			pfail(c, "profiles[%zu]: a unit of another kind than "
			    "the first profile's", pi);
		type = t;
		/* The time column in ms, for profiles measured in time. */
		tf = strcmp(t, "ns") == 0 ? f / 1e6 : 0;
		name = pstrdup(c, j, json_get(j, x, "name"));
		pnew_array_thread(c, ss->b.tab, NULL, NULL, name, NULL);
		free(name);
		if (json_streq(j, json_get(j, x, "type"), "sampled"))
			read_sampled(ss, x, pi, th, f, tf);
		else if (json_streq(j, json_get(j, x, "type"), "evented"))
			read_evented(ss, x, pi, th, f, tf);
		else
			pfail(c, "profiles[%zu]: type is neither sampled nor "
			    "evented", pi);
	}
	c->weight_type = type != NULL ? type : "samples";
}

const struct reader reader_speedscope = {
	.format = "speedscope",
	.sniff_json = speedscope_sniff,
	.prepare = speedscope_read,
};
