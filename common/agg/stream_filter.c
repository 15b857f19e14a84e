/*
 * stream_filter.c: sp-filter's filter (agg/stream_filter.h): sample streams
 * in, the same sample stream out, narrowed to some threads and a time range and with its stacks transformed (merge, root-at,
 * drop, keep, collapse, hide, prune; stack_xform.h), the transforms applied
 * in the order of the command line.  Formats: sp(5).
 *
 *	process pid thread tid time weight cpu stack [samples]
 *
 * Headers pass through as they are (the magic line once), and of a data line
 * only the stack changes: every other field, and any field after the stack,
 * is written as it was read.
 *
 * Memory grows with the number of distinct stacks, never with the number of
 * samples: each stack is interned once with what the transforms make of it
 * (dropped, unchanged, or a new stack), so a stream of a billion samples of
 * a few thousand stacks passes through in constant memory and the transforms
 * run once per distinct stack.
 *
 * Lines are written as they are read, through a large buffer.  A bad line
 * (or an input that cannot be read) ends the run with a message naming the
 * file and line and status 1, without flushing that buffer: a short stream
 * then leaves nothing on standard output, a long one what whole buffers had
 * already gone out, never a line cut in two.
 *
 * May use base, stream and agg.
 */
#include <err.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agg/framematch.h"
#include "agg/stack_xform.h"
#include "agg/stream_filter.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/stream.h"

/* What the transforms make of a stack (struct filt.res). */
#define RES_DROP	UINT32_MAX
#define RES_SAME	(UINT32_MAX - 1)

/* Report a bad input line as "sp-filter: FILE:LINE: why" and exit. */
static void __attribute__((noreturn, format(printf, 2, 3)))
bad_line(const struct lreader *lr, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s:%" PRIu64 ": ", getprogname(), lr_name(lr),
	    lr_lineno(lr));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	_exit(1);
}

void
sf_strlist_add(struct strlist *l, char *s)
{
	l->v = xreallocarray(l->v, l->n + 1, sizeof(*l->v));
	l->v[l->n++] = s;
}

double
sf_parse_ms(const char *s, const char *opt)
{
	double d;

	if (parse_double(s, strlen(s), &d) == -1)
		errx(1, "%s: not a number of milliseconds: %s", opt, s);
	return d;
}

/*
 * The raw name of an escaped field, NUL-terminated in f->name (a NUL byte
 * inside ends it early, which only makes a pattern match less).  -1 on a bad
 * escape.
 */
static int
raw_name(struct stream_filter *f, const struct field *fl)
{
	const char *s = fl->s;
	size_t n = fl->len;

	buf_reset(&f->name);
	buf_add(&f->name, "", 0);
	return unesc_append(&f->name, s, n);
}

static int
glob_any(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (fnmatch(l->v[i], s, 0) == 0)
			return 1;
	return 0;
}

static int
equal_any(const struct strlist *l, const struct field *fl)
{
	for (size_t i = 0; i < l->n; i++)
		if (strlen(l->v[i]) == fl->len &&
		    memcmp(l->v[i], fl->s, fl->len) == 0)
			return 1;
	return 0;
}

/*
 * Is the line's thread selected?  Options of one kind are alternatives,
 * options of different kinds must all hold, as in sp-flatten.  Names are
 * matched unescaped, as sp-flatten matches the profile's names; pids and
 * tids are compared as written.  The answer for the previous line's
 * who-fields is kept, since a stream comes in runs of one thread.
 */
static int
who_selected(struct stream_filter *f, const struct lreader *lr, const char *line,
    const struct sample_line *sl)
{
	size_t n = (size_t)(sl->f[F_TIME].s - line);
	int ok = 1;

	if (f->threads.n + f->processes.n + f->pids.n + f->tids.n == 0)
		return 1;
	if (f->have_who && n == f->who.len && memcmp(line, f->who.s, n) == 0)
		return f->who_ok;
	if (ok && f->processes.n > 0) {
		if (raw_name(f, &sl->f[F_PROCESS]) == -1)
			bad_line(lr, "bad escape in a name");
		ok = glob_any(&f->processes, f->name.s);
	}
	if (ok && f->threads.n > 0) {
		if (raw_name(f, &sl->f[F_THREAD]) == -1)
			bad_line(lr, "bad escape in a name");
		ok = glob_any(&f->threads, f->name.s);
	}
	if (ok && f->pids.n > 0)
		ok = equal_any(&f->pids, &sl->f[F_PID]);
	if (ok && f->tids.n > 0)
		ok = equal_any(&f->tids, &sl->f[F_TID]);
	buf_reset(&f->who);
	buf_add(&f->who, line, n);
	f->have_who = 1;
	f->who_ok = ok;
	return ok;
}

/* What the transforms make of this stack: RES_DROP, RES_SAME or an id. */
static uint32_t
transform(struct stream_filter *f, const struct lreader *lr, const char *s, size_t n)
{
	int added;
	uint32_t id, r;

	if (f->have_last && n == f->last_len && memcmp(s, f->last_s, n) == 0)
		return f->last_res;
	id = st_intern(f->stacks, s, n, &added);
	if (added) {
		if (!esc_valid(s, n))
			bad_line(lr, "bad escape in a name");
		xgrow(&f->res, &f->rescap, (size_t)id + 1, sizeof(*f->res));
		xf_note(f->xf, s, n);
		if (!xf_apply(f->xf, s, n, &f->tmp))
			r = RES_DROP;
		else if (f->tmp.len == n && memcmp(f->tmp.s, s, n) == 0)
			r = RES_SAME;
		else
			r = st_intern(f->out, f->tmp.s, f->tmp.len, NULL);
		f->res[id] = r;
	}
	r = f->res[id];
	f->have_last = 1;
	f->last_s = st_str(f->stacks, id, &f->last_len);
	f->last_res = r;
	return r;
}

static void
header(struct stream_filter *f, const struct lreader *lr, const char *line, size_t len)
{
	static const char samples[] = "#sp samples ";
	const size_t sl = sizeof(samples) - 1;

	if (len >= 4 && memcmp(line, "#sp ", 4) == 0) {
		if (len == sl + 1 && memcmp(line, samples, sl) == 0 &&
		    (line[sl] == '1' || line[sl] == '2')) {
			/*
			 * One magic line for the whole output, unless a later
			 * input has a later version (its lines may have the
			 * samples column): sp's readers take that magic line
			 * where it stands.
			 */
			if (line[sl] - '0' <= f->version)
				return;
			f->version = line[sl] - '0';
		} else if (len >= 14 && memcmp(line, "#sp aggregate ", 14) == 0)
			bad_line(lr, "an aggregate table is not a sample "
			    "stream: sp-filter reads samples");
		else
			bad_line(lr, "unsupported format: %.*s",
			    (int)(len > 60 ? 60 : len), line);
	}
	fwrite(line, 1, len, stdout);
	putchar('\n');
}

static void
sample(struct stream_filter *f, const struct lreader *lr, const char *line, size_t len)
{
	struct sample_line sl;
	const char *why, *st, *after;
	size_t stlen;
	uint32_t r;

	if (parse_sample_line(line, len, &sl, &why) == -1)
		bad_line(lr, "%s", why);
	if ((f->has_from && sl.time < f->from) ||
	    (f->has_to && sl.time > f->to))
		return;
	if (!who_selected(f, lr, line, &sl))
		return;
	st = sl.f[F_STACK].s;
	stlen = sl.f[F_STACK].len;
	if (xf_count(f->xf) == 0) {
		if (!esc_valid(st, stlen))
			bad_line(lr, "bad escape in a name");
		r = RES_SAME;
	} else
		r = transform(f, lr, st, stlen);
	if (r == RES_DROP)
		return;
	if (r == RES_SAME) {
		fwrite(line, 1, len, stdout);
		putchar('\n');
		return;
	}
	/* The fields before the stack, the new stack, and what follows. */
	after = st + stlen;
	fwrite(line, 1, (size_t)(st - line), stdout);
	st = st_str(f->out, r, &stlen);
	fwrite(st, 1, stlen, stdout);
	fwrite(after, 1, (size_t)(line + len - after), stdout);
	putchar('\n');
}

static void
read_input(struct stream_filter *f, const char *path)
{
	struct lreader *lr;
	char *line;
	long long n;

	if ((lr = lr_open(path)) == NULL)
		_exit(1);	/* not flushed: see the top of the file */
	f->have_last = f->have_who = 0;
	while ((n = lr_next(lr, &line)) >= 0) {
		size_t len = (size_t)n;

		if (len > 0 && line[0] == '#')
			header(f, lr, line, len);
		else if (len == 0)
			bad_line(lr, "empty line");
		else
			sample(f, lr, line, len);
	}
	if (n == -2)
		_exit(1);
	lr_close(lr);
	f->have_last = f->have_who = 0;
	check_stdout();
}

/*
 * Did the i-th transform's argument name no frame of the samples selected?
 * Then say so, with the frames that contain its text (framematch.h): the
 * stream went out whole, but a misspelt frame is a mistake, not a filter
 * that happened to match nothing.
 */
int
sf_unnamed(struct stream_filter *f, size_t i, const char *opt)
{
	const struct fmatch *m = xf_unnamed(f->xf, i);
	size_t nst = st_count(f->stacks);
	struct fm_near nr;
	char name[64];

	if (m == NULL)
		return 0;
	fm_near_init(&nr, m);
	for (size_t k = 0; k < nst; k++) {
		size_t len;
		const char *s = st_str(f->stacks, (uint32_t)k, &len);
		const char *p = s, *end = s + len, *q;

		for (; len > 0; p = q + 1) {
			q = frame_end(p, end);
			fm_near_add(&nr, p, (size_t)(q - p));
			if (q == end)
				break;
		}
	}
	snprintf(name, sizeof(name), "--%s", opt);
	fm_near_report(&nr, name, m, NULL);
	return 1;
}

void
sf_run(struct stream_filter *f, char **files, int nfiles)
{
	f->stacks = st_new();
	f->out = st_new();
	big_stdout();
	if (nfiles == 0)
		read_input(f, "-");
	for (int i = 0; i < nfiles; i++)
		read_input(f, files[i]);
	finish_stdout();
}

void
sf_free(struct stream_filter *f)
{
	free(f->threads.v);
	free(f->processes.v);
	free(f->pids.v);
	free(f->tids.v);
	xf_free(f->xf);
	f->xf = NULL;
	st_free(f->stacks);
	free(f->res);
	st_free(f->out);
	buf_free(&f->tmp);
	buf_free(&f->who);
	buf_free(&f->name);
}
