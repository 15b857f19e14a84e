/*
 * flame_view.c: sp-flame's view (view/flame_view.h): sample streams or
 * folded stacks in, one interactive SVG flame graph out; a drop-in for
 * flamegraph.pl (its options, its geometry, its SVG structure), see
 * sp-flame(1).
 *
 * Input, told apart by content, plain or gzip, files or standard input:
 *
 *	#sp samples 1 ...			a sample stream (sp(5))
 *	main;parse;lex 31			folded stacks
 *	main;parse;lex 25 31			difffolded.pl's two counts
 *
 * A stream's stacks are turned into the folded form that sp-aggregate -c
 * writes, so that `sp-flame stream` draws what `sp-aggregate -c stream |
 * flamegraph.pl` draws.  Stacks are merged in a hash table as they are
 * read (memory grows with distinct stacks, not with lines), then sorted
 * and laid out (flame_layout.c), frames narrower than --minwidth being
 * dropped as they end; then the SVG is written (flame_svg.c).
 *
 * May use base, stream, read (folded stacks) and flame.
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agg/lost.h"
#include "base/bigmem.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "flame/flame.h"
#include "flame/flame_opts.h"
#include "flame/flame_palette.h"
#include "flame/flame_svg.h"
#include "flame/flame_runs.h"
#include "diff/diff.h"
#include "read/folded.h"
#include "stream/stream.h"
#include "view/flame_view.h"

/*
 * Distinct stacks by their bytes, left where they lie (in the input read
 * whole, or in a store for what is built): a 100 MB input is not copied,
 * and on a virtual machine first touching fresh memory costs more than
 * reading it.
 */
struct keytab {
	const char **s;
	uint32_t *len;
	size_t	 n, cap;
	uint32_t *slot;		/* id + 1, 0 for an empty slot */
	size_t	 nslot;		/* a power of two, at most half full */
};

static int64_t
kt_find(const struct keytab *t, const char *k, size_t n)
{
	size_t i;

	if (t->nslot == 0)
		return -1;
	for (i = hash_bytes(k, n) & (t->nslot - 1); t->slot[i] != 0;
	    i = (i + 1) & (t->nslot - 1)) {
		uint32_t id = t->slot[i] - 1;

		if (t->len[id] == n && memcmp(t->s[id], k, n) == 0)
			return id;
	}
	return -1;
}

/* The id of k[0..n), which must outlive the table when it is added. */
static uint32_t
kt_add(struct keytab *t, const char *k, size_t n, int *added)
{
	size_t i;

	if (n > UINT32_MAX)
		errx(1, "a stack of %zu bytes is too long", n);
	if ((t->n + 1) * 2 > t->nslot) {
		size_t ns = t->nslot ? t->nslot * 2 : 1024;

		free(t->slot);
		t->slot = xcalloc(ns, sizeof(*t->slot));
		t->nslot = ns;
		for (size_t id = 0; id < t->n; id++) {
			i = hash_bytes(t->s[id], t->len[id]) & (ns - 1);
			while (t->slot[i] != 0)
				i = (i + 1) & (ns - 1);
			t->slot[i] = (uint32_t)id + 1;
		}
	}
	for (i = hash_bytes(k, n) & (t->nslot - 1); t->slot[i] != 0;
	    i = (i + 1) & (t->nslot - 1)) {
		uint32_t id = t->slot[i] - 1;

		if (t->len[id] == n && memcmp(t->s[id], k, n) == 0) {
			*added = 0;
			return id;
		}
	}
	if (t->n >= UINT32_MAX - 1)
		errx(1, "too many distinct stacks");
	{
		size_t cap = t->cap;

		xgrow(&t->s, &cap, t->n + 1, sizeof(*t->s));
		xgrow(&t->len, &t->cap, t->n + 1, sizeof(*t->len));
	}
	t->s[t->n] = k;
	t->len[t->n] = (uint32_t)n;
	t->slot[i] = (uint32_t)++t->n;
	*added = 1;
	return (uint32_t)(t->n - 1);
}

static void
kt_free(struct keytab *t)
{
	free(t->s);
	free(t->len);
	free(t->slot);
}

/* What was read: distinct stacks and their counts (one side of a diff). */
struct side {
	struct keytab keys;	/* folded stacks (with the root of -r) */
	struct strtab *store;	/* the bytes of keys that were built */
	double	*count;
	uint32_t *tail;		/* id in tails of the first line's tail */
	double	*before;	/* difffolded.pl's first counts */
	unsigned char *two;
	size_t	 cap;
	/* --flamechart keeps every line in order instead. */
	struct chart_line *lines;
	size_t	 nlines, linecap;
	/* For <desc>. */
	uint64_t samples, empty, folded_lines;
	double	 weight;
	struct strtab *threads;
	struct strtab *raw;	/* escaped stream keys -> folded key id */
	uint32_t *raw_to_key;
	size_t	 rawcap;
	int	 any_stream, any_folded, any_cpu;
	struct buf sources;
	struct lost lost;	/* #lost headers (lost.h) */
	struct slurped {	/* folded inputs read whole: keys point in */
		char	*data;
		size_t	 cap;
	} *inputs;
	size_t	 ninputs, inputcap;
};

/* A line kept as it is: every line of a flame chart, and folded lines,
 * which need no merging (flamegraph.pl merges them as it walks them
 * sorted, and so does flame_layout). */
struct chart_line {
	const char *s, *tail;	/* the stack and what followed it */
	uint32_t len, tail_len;
	uint32_t thread;	/* first-seen order */
	int	 two;
	double	 time;
	double	 count;
	double	 before;
	size_t	 seq;
};

static struct {
	int	 strict, reverse, flamechart, cpu, diff, significant;
	int	 runs;		/* --diff of two sets of runs (flame_runs.h) */
	struct runset ra, rb;
	double	 z_min;
	enum flame_root root;
	struct strtab *tails;
	struct buf key, tmp;
	struct folded_bad bad;
} g;

static void
bad_line(const struct lreader *lr, const char *why)
{
	errx(1, "%s:%" PRIu64 ": %s", lr_name(lr), lr_lineno(lr), why);
}

/* The id of the folded stack k, added with zero counts if new; k must
 * outlive the side (use stored() for a key in a scratch buffer). */
static uint32_t
key_id(struct side *s, const char *k, size_t n, uint32_t tail)
{
	int added;
	uint32_t id = kt_add(&s->keys, k, n, &added);

	if (added) {
		size_t cap = s->cap;

		xgrow(&s->count, &cap, (size_t)id + 1, sizeof(*s->count));
		cap = s->cap;
		xgrow(&s->tail, &cap, (size_t)id + 1, sizeof(*s->tail));
		cap = s->cap;
		xgrow(&s->before, &cap, (size_t)id + 1, sizeof(*s->before));
		xgrow(&s->two, &s->cap, (size_t)id + 1, sizeof(*s->two));
		s->count[id] = s->before[id] = 0;
		s->tail[id] = tail;
		s->two[id] = 0;
	}
	return id;
}

/* A stable copy of k[0..n). */
static const char *
stored(struct side *s, const char *k, size_t n)
{
	size_t len;

	return st_str(s->store, st_intern(s->store, k, n, NULL), &len);
}

static uint32_t
tail_id(const char *t, size_t n)
{
	return st_intern(g.tails, t, n, NULL);
}

/* Reverse the frames of the folded stack s[0..n) into b (after start). */
static void
reverse_frames(struct buf *b, size_t start, const char *s, size_t n)
{
	const char *end = s + n;
	int first = 1;

	/* Perl's split drops empty frames at the end; so do we. */
	while (end > s && end[-1] == ';')
		end--;
	while (end > s) {
		const char *p = end;

		while (p > s && p[-1] != ';')
			p--;
		if (!first)
			buf_addc(b, ';');
		first = 0;
		buf_add(b, p, (size_t)(end - p));
		end = p > s ? p - 1 : s;
		if (p == s)
			break;
		if (end == s) {
			/* A leading empty frame. */
			buf_addc(b, ';');
			break;
		}
	}
	(void)start;
}

static void
add_line(struct side *s, uint32_t thread, double time, const char *k,
    size_t n, const char *tail, size_t tlen, double count, int two,
    double before, int keep)
{
	uint32_t id;

	if (keep) {
		struct chart_line *l;

		if (n > UINT32_MAX || tlen > UINT32_MAX)
			errx(1, "a line of more than 4 GiB");
		xgrow(&s->lines, &s->linecap, s->nlines + 1, sizeof(*s->lines));
		l = &s->lines[s->nlines];
		l->s = k;
		l->len = (uint32_t)n;
		l->tail = tail;
		l->tail_len = (uint32_t)tlen;
		l->thread = thread;
		l->time = time;
		l->count = count;
		l->before = before;
		l->two = two;
		l->seq = s->nlines++;
		return;
	}
	id = key_id(s, k, n, tail_id(tail, tlen));
	s->count[id] += count;
	if (two) {
		s->two[id] = 1;
		s->before[id] += before;
	}
}

/*
 * Folded stacks: the input is read whole into one buffer that stays, so
 * that the stacks are kept where they lie.
 */
static void
read_folded(struct side *s, struct lreader *lr)
{
	char *data, *p, *end;
	size_t len, cap;
	uint64_t lineno = 0;

	s->any_folded = 1;
	if (lr_slurp(lr, (size_t)1 << 40, &data, &len, &cap) == -1)
		exit(1);
	for (p = data, end = data + len; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *line = p;
		size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		struct folded_line fl;
		const char *why;
		int r;
		size_t tend = n;

		p = nl != NULL ? nl + 1 : end;
		lineno++;
		r = folded_parse(line, n, &fl, &why);
		if (r == 0)
			continue;
		if (r == -1) {
			folded_bad_add(&g.bad, lineno, why);
			continue;
		}
		s->folded_lines++;
		if (tend > 0 && line[tend - 1] == '\r')
			tend--;
		if (!g.reverse) {
			add_line(s, 0, 0, fl.stack, fl.stack_len,
			    line + fl.stack_len, tend - fl.stack_len, fl.count,
			    fl.two, fl.count_a, !g.diff);
			continue;
		}
		/* As flamegraph.pl rewrites a line for --reverse: frames
		 * reversed, then one space before each count. */
		buf_reset(&g.key);
		reverse_frames(&g.key, 0, fl.stack, fl.stack_len);
		buf_reset(&g.tmp);
		{
			const char *q = line + fl.stack_len, *e = line + tend;

			while (q < e) {
				while (q < e && strchr(" \t\f\v\r\n", *q) != NULL)
					q++;
				if (q == e)
					break;
				buf_addc(&g.tmp, ' ');
				while (q < e && strchr(" \t\f\v\r\n", *q) == NULL)
					buf_addc(&g.tmp, *q++);
			}
		}
		add_line(s, 0, 0, stored(s, g.key.s, g.key.len), g.key.len,
		    stored(s, g.tmp.s, g.tmp.len), g.tmp.len, fl.count, fl.two,
		    fl.count_a, !g.diff);
	}
	/* The stacks point into data: it stays until the side goes. */
	xgrow(&s->inputs, &s->inputcap, s->ninputs + 1, sizeof(*s->inputs));
	s->inputs[s->ninputs].data = data;
	s->inputs[s->ninputs++].cap = cap;
}

/* The root frame of -r, as sp-aggregate -r writes it, folded. */
static void
root_frame(struct buf *b, const struct field *f, enum flame_root mode)
{
	const struct field *name = mode == FLAME_ROOT_PROCESS ? &f[F_PROCESS] :
	    &f[F_THREAD];
	size_t start = b->len;

	if (name->len == 0)
		buf_adds(b, "[unknown]");
	else
		fold_append(b, name->s, name->len);
	if (mode == FLAME_ROOT_COMM_PID || mode == FLAME_ROOT_COMM_TID) {
		buf_addc(b, '-');
		fold_append(b, f[F_PID].s, f[F_PID].len);
	}
	if (mode == FLAME_ROOT_COMM_TID) {
		buf_addc(b, '/');
		fold_append(b, f[F_TID].s, f[F_TID].len);
	}
	/* As stackcollapse-perf.pl: a space would end the stack. */
	for (size_t i = start; i < b->len; i++)
		if (b->s[i] == ' ' || b->s[i] == ';')
			b->s[i] = b->s[i] == ' ' ? '_' : ':';
}

/* Fold the escaped stack s[0..n) into b, frames reversed for --reverse. */
static int
fold_stack(struct buf *b, const char *s, size_t n)
{
	const char *end = s + n, *p = s;
	size_t nf = 0, start = b->len;

	if (n == 0)
		return 0;
	buf_reset(&g.tmp);
	if (unesc_append(&g.tmp, s, n) == -1)
		return -1;
	if (!g.reverse) {
		for (;;) {
			const char *q = frame_end(p, end);

			if (nf++ > 0)
				buf_addc(b, ';');
			fold_append(b, p, (size_t)(q - p));
			if (q == end)
				break;
			p = q + 1;
		}
		return 0;
	}
	/* Reversed: leaf first. */
	{
		const char **fs = NULL;
		size_t *fl = NULL, cap1 = 0, cap2 = 0;

		for (;;) {
			const char *q = frame_end(p, end);

			xgrow(&fs, &cap1, nf + 1, sizeof(*fs));
			xgrow(&fl, &cap2, nf + 1, sizeof(*fl));
			fs[nf] = p;
			fl[nf++] = (size_t)(q - p);
			if (q == end)
				break;
			p = q + 1;
		}
		for (size_t i = nf; i-- > 0;) {
			if (b->len > start)
				buf_addc(b, ';');
			fold_append(b, fs[i], fl[i]);
		}
		free(fs);
		free(fl);
	}
	return 0;
}

/* A wall-time stream (#units weight=wall-ns): its counts are ns. */
static int wall_stream;

static void
read_stream(struct side *s, struct lreader *lr, char *line, long long len)
{
	s->any_stream = 1;
	do {
		struct sample_line sl;
		const char *why;
		double count;
		uint32_t rid, kid, thread = 0;
		int added;
		size_t rootlen = 0;

		if (len > 0 && line[0] == '#') {
			if (lost_header(&s->lost, line, (size_t)len,
			    &why) == -1)
				bad_line(lr, why);
			if (len > 7 && memcmp(line, "#units\t", 7) == 0) {
				struct field uf[8];
				size_t nu = split_tabs(line, (size_t)len, uf, 8);

				for (size_t i = 1; i < nu && i < 8; i++)
					if (uf[i].len == 14 && memcmp(uf[i].s,
					    "weight=wall-ns", 14) == 0)
						wall_stream = 1;
			}
			if (len >= 4 && memcmp(line, "#sp ", 4) == 0 &&
			    !((size_t)len == strlen(SP_SAMPLES_MAGIC) &&
			    memcmp(line, SP_SAMPLES_MAGIC, (size_t)len) == 0) &&
			    !((size_t)len == strlen(SP_SAMPLES2_MAGIC) &&
			    memcmp(line, SP_SAMPLES2_MAGIC, (size_t)len) == 0))
				bad_line(lr, (size_t)len >=
				    strlen(SP_AGGREGATE_MAGIC) &&
				    memcmp(line, SP_AGGREGATE_MAGIC,
				    strlen(SP_AGGREGATE_MAGIC)) == 0 ?
				    "an aggregate table has no stacks to draw; "
				    "give sp-flame the sample stream" :
				    "unsupported format");
			continue;
		}
		if (parse_sample_line(line, (size_t)len, &sl, &why) == -1)
			bad_line(lr, why);
		s->samples += (uint64_t)sl.samples;
		if (sl.has_cpu)
			s->any_cpu = 1;
		count = g.cpu ? (double)sl.cpu : (double)sl.weight;
		s->weight += count;
		/* The thread, for <desc> and for flame charts. */
		buf_reset(&g.key);
		for (int k = F_PROCESS; k <= F_TID; k++) {
			buf_add(&g.key, sl.f[k].s, sl.f[k].len);
			buf_addc(&g.key, '\t');
		}
		thread = st_intern(s->threads, g.key.s, g.key.len, NULL);
		if (sl.f[F_STACK].len == 0)
			s->empty += (uint64_t)sl.samples;
		/* The raw key: root (as the thread fields) and stack. */
		buf_reset(&g.key);
		if (g.root != FLAME_ROOT_NONE || g.flamechart) {
			buf_add(&g.key, &thread, sizeof(thread));
			rootlen = g.key.len;
		}
		if (sl.f[F_STACK].len == 0 && rootlen == 0)
			continue;
		buf_add(&g.key, sl.f[F_STACK].s, sl.f[F_STACK].len);
		rid = st_intern(s->raw, g.key.s, g.key.len, &added);
		if (added) {
			struct buf fb = { 0 };
			enum flame_root m = g.root != FLAME_ROOT_NONE ? g.root :
			    FLAME_ROOT_COMM_TID;

			if (rootlen > 0) {
				root_frame(&fb, sl.f, m);
				if (sl.f[F_STACK].len > 0)
					buf_addc(&fb, ';');
			}
			if (fold_stack(&fb, sl.f[F_STACK].s,
			    sl.f[F_STACK].len) == -1)
				bad_line(lr, "bad escape in a name");
			xgrow(&s->raw_to_key, &s->rawcap, (size_t)rid + 1,
			    sizeof(*s->raw_to_key));
			s->raw_to_key[rid] = key_id(s, stored(s, fb.s, fb.len),
			    fb.len, tail_id(" ", 1));
			buf_free(&fb);
		}
		kid = s->raw_to_key[rid];
		if (g.flamechart) {
			add_line(s, thread, sl.time, s->keys.s[kid],
			    s->keys.len[kid], " ", 1, count, 0, 0, 1);
		} else
			s->count[kid] += count;
	} while ((len = lr_next(lr, &line)) >= 0);
	if (len == -2)
		exit(1);
}

/* Is this the first line of a sample stream (with or without headers)? */
static int
looks_stream(const char *p, size_t n)
{
	const char *nl = memchr(p, '\n', n);
	size_t len = nl != NULL ? (size_t)(nl - p) : n;
	struct sample_line sl;
	const char *why;

	if (len >= 4 && memcmp(p, "#sp ", 4) == 0)
		return 1;
	if (folded_sniff(p, n))
		return 0;
	return parse_sample_line(p, len, &sl, &why) == 0;
}

static void
read_input(struct side *s, const char *path)
{
	struct lreader *lr = lr_open(path);
	const char *p;
	char *line;
	long long len;
	size_t n;

	if (lr == NULL)
		exit(1);
	if (s->sources.len > 0)
		buf_adds(&s->sources, ", ");
	buf_adds(&s->sources, lr_name(lr));
	n = lr_peek(lr, &p);
	if (n > 0 && looks_stream(p, n)) {
		if ((len = lr_next(lr, &line)) >= 0)
			read_stream(s, lr, line, len);
		else if (len == -2)
			exit(1);
	} else {
		if (g.root != FLAME_ROOT_NONE)
			errx(1, "%s: -r needs a sample stream, not folded "
			    "stacks", lr_name(lr));
		if (g.cpu)
			errx(1, "%s: --cpu needs a sample stream, not folded "
			    "stacks", lr_name(lr));
		read_folded(s, lr);
	}
	lr_close(lr);
}

static void
side_init(struct side *s)
{
	memset(s, 0, sizeof(*s));
	s->store = st_new();
	s->threads = st_new();
	s->raw = st_new();
}

static void
side_free(struct side *s)
{
	kt_free(&s->keys);
	st_free(s->store);
	free(s->count);
	free(s->tail);
	free(s->before);
	free(s->two);
	free(s->lines);
	st_free(s->threads);
	st_free(s->raw);
	free(s->raw_to_key);
	buf_free(&s->sources);
	for (size_t i = 0; i < s->ninputs; i++)
		big_free(s->inputs[i].data, s->inputs[i].cap);
	free(s->inputs);
}

static int
cmp_chart(const void *pa, const void *pb)
{
	const struct chart_line *a = pa, *b = pb;

	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The stacks to lay out, from one side (or two, for --diff). */
static struct flame_stack *
stacks_of(struct side *a, struct side *b, size_t *np)
{
	struct flame_stack *st;
	size_t n = 0, nk;

	/* Kept lines: a flame chart's, or folded lines. */
	if (g.flamechart && a->any_stream && a->nlines > 1)
		qsort(a->lines, a->nlines, sizeof(*a->lines), cmp_chart);
	st = xreallocarray(NULL, a->nlines + a->keys.n + (b != NULL ?
	    b->keys.n : 0) + 1, sizeof(*st));
	for (size_t i = 0; i < a->nlines; i++) {
		const struct chart_line *l = &a->lines[i];
		struct flame_stack *x = &st[n];

		if (l->count == 0 && !l->two)
			continue;
		x->s = l->s;
		x->len = l->len;
		x->tail = l->tail;
		x->tail_len = l->tail_len;
		x->count = x->after = l->count;
		x->has_delta = l->two;
		x->before = l->before;
		x->delta = l->count - l->before;
		n++;
	}
	if (g.flamechart) {
		*np = n;
		return st;
	}
	nk = a->keys.n;
	for (size_t i = 0; i < nk; i++) {
		struct flame_stack *x = &st[n];

		x->s = a->keys.s[i];
		x->len = a->keys.len[i];
		x->tail = st_str(g.tails, a->tail[i], &x->tail_len);
		x->count = x->after = a->count[i];
		x->has_delta = a->two[i];
		x->before = a->before[i];
		x->delta = a->count[i] - a->before[i];
		if (b != NULL) {
			/* --diff A B: a is B, the drawn side; b is A. */
			int64_t j = kt_find(&b->keys, x->s, x->len);

			x->has_delta = 1;
			x->before = j >= 0 ? b->count[j] : 0;
			x->delta = x->count - x->before;
		}
		if (x->count == 0 && x->before == 0)
			continue;
		n++;
	}
	/*
	 * A stack only in A would have no width in B's graph: it is drawn
	 * with A's count, so that what went away can be seen (and its
	 * frames say "0 after").
	 */
	for (size_t i = 0; b != NULL && i < b->keys.n; i++) {
		struct flame_stack *x = &st[n];

		x->s = b->keys.s[i];
		x->len = b->keys.len[i];
		if (b->count[i] == 0 || kt_find(&a->keys, x->s, x->len) >= 0)
			continue;
		x->tail = st_str(g.tails, b->tail[i], &x->tail_len);
		x->count = x->before = b->count[i];
		x->after = 0;
		x->delta = -x->before;
		x->has_delta = 1;
		n++;
	}
	*np = n;
	return st;
}

/* The sum of the counts of a side's stacks. */
static double
side_total(const struct side *s)
{
	double t = 0;

	for (size_t i = 0; i < s->keys.n; i++)
		t += s->count[i];
	for (size_t i = 0; i < s->nlines; i++)
		t += s->lines[i].count;
	return t;
}

/* What was drawn, for <desc> and the details line. */
static void
describe(struct buf *desc, struct buf *sum, const struct side *a,
    const struct side *b, const struct flame_graph *fg, const char *cname,
    char **argv, int argc)
{
	size_t nthreads = st_count(a->threads);

	buf_printf(desc, "sp-flame: %s", a->sources.s != NULL ?
	    a->sources.s : "<stdin>");
	if (b != NULL)
		buf_printf(desc, " against %s", b->sources.s);
	buf_adds(desc, ";");
	if (a->any_stream) {
		buf_printf(desc, " %" PRIu64 " samples, %s %.0f", a->samples,
		    g.cpu ? "cpu ns" : "weight", a->weight);
		if (a->empty > 0)
			buf_printf(desc, " (%" PRIu64 " samples without a "
			    "stack%s)", a->empty, g.root == FLAME_ROOT_NONE &&
			    !g.flamechart ? " not drawn" : "");
		buf_printf(desc, ", %zu thread%s;", nthreads,
		    nthreads == 1 ? "" : "s");
	}
	if (a->any_folded)
		buf_printf(desc, " %" PRIu64 " folded lines;", a->folded_lines);
	buf_printf(desc, " %zu stacks, total %.0f %s; %zu frames drawn,"
	    " %zu narrower than the minimum width left out",
	    g.flamechart ? a->nlines : a->keys.n + a->nlines,
	    fg->time, cname, fg->n, fg->elided);
	if (argc > 1) {
		buf_adds(desc, "; options:");
		for (int i = 1; i < argc; i++)
			buf_printf(desc, " %s", argv[i]);
	}
	if (a->any_stream)
		buf_printf(sum, "%" PRIu64 " samples, %zu thread%s, %zu frames "
		    "drawn", a->samples, nthreads, nthreads == 1 ? "" : "s",
		    fg->n);
	else
		buf_printf(sum, "%zu stacks, %zu frames drawn",
		    g.flamechart ? a->nlines : a->keys.n + a->nlines, fg->n);
}

enum flame_root
flame_root_mode(const char *s)
{
	if (strcmp(s, "process") == 0)
		return FLAME_ROOT_PROCESS;
	if (strcmp(s, "thread") == 0)
		return FLAME_ROOT_THREAD;
	if (strcmp(s, "comm-pid") == 0)
		return FLAME_ROOT_COMM_PID;
	if (strcmp(s, "comm-tid") == 0)
		return FLAME_ROOT_COMM_TID;
	errx(1, "-r: unknown mode %s (process, thread, comm-pid or "
	    "comm-tid)", s);
}

/*
 * The options that do not go together, and what the drawing needs from
 * them: the palette, the background, --nameattr's file.
 */
static void
check_options(struct flame_draw *d, struct flame_palette *pal,
    char bg1[FLAME_COLOR_MAX], char bg2[FLAME_COLOR_MAX], int argc)
{
	flame_draw_palette(d, pal, bg1, bg2);
	if (g.diff && argc != 2)
		errx(1, "--diff needs two inputs, before and after");
	if (g.significant && !g.diff)
		errx(1, "--significant needs --diff");
	if (g.diff && g.flamechart)
		errx(1, "--diff and --flamechart cannot be used together");
	if (d->nameattr != NULL && flame_nameattr_load(d->nameattr,
	    &d->svg.attr_names, &d->svg.attrs) == -1)
		exit(1);
	d->svg.bg1 = bg1;
	d->svg.bg2 = bg2;
	d->svg.pal = pal;
	d->geom.width = d->svg.width;
	d->geom.keep_order = g.flamechart;
	d->geom.chain = strcmp(d->colors, "chain") == 0;
}

/* The inputs into sa (and, for --diff, A into sb; B is drawn). */
static void
read_inputs(struct side *sa, struct side *sb, char **argv, int argc)
{
	g.tails = st_new();
	side_init(sa);
	side_init(sb);
	if (g.diff && flame_runs_sides(argv[0], argv[1], &g.ra, &g.rb)) {
		/* Sets of runs: each side the sum of its runs. */
		for (size_t i = 0; i < g.ra.n; i++)
			read_input(sb, g.ra.paths[i]);
		for (size_t i = 0; i < g.rb.n; i++)
			read_input(sa, g.rb.paths[i]);
		g.runs = 1;
	} else if (g.diff) {
		read_input(sb, argv[0]);
		read_input(sa, argv[1]);
	} else if (argc == 0)
		read_input(sa, "-");
	else
		for (int i = 0; i < argc; i++)
			read_input(sa, argv[i]);
	if (g.bad.n > 0) {
		if (g.strict) {
			if (g.bad.n == 1)
				errx(1, "%s:%" PRIu64 ": malformed line (%s)",
				    sa->sources.s, g.bad.first_line,
				    g.bad.first_why);
			errx(1, "%s: %" PRIu64 " malformed lines, the first at "
			    "line %" PRIu64 " (%s)", sa->sources.s, g.bad.n,
			    g.bad.first_line, g.bad.first_why);
		}
		folded_bad_warn(&g.bad, sa->sources.s);
	}
	if (g.cpu && sa->any_stream && !sa->any_cpu && sa->samples > 0)
		errx(1, "--cpu: the stream has no cpu values");
}

/*
 * Write the graph (or the SVG that says there is nothing to draw) to
 * output, or the standard output.  Returns the exit status.
 */
static int
write_svg(const char *output, const struct flame_graph *fg,
    struct flame_draw *d, int empty, const struct side *sa)
{
	FILE *out = stdout;

	if (d->cp && flame_palette_load(d->svg.pal, "palette.map") == -1)
		return 1;
	if (output != NULL && (out = fopen(output, "w")) == NULL)
		err(1, "%s", output);
	if (empty) {
		warnx("%s: no stack counts found", sa->sources.s != NULL ?
		    sa->sources.s : "<stdin>");
		flame_svg_empty(out, &d->svg, "ERROR: No valid input provided "
		    "to sp-flame.");
	} else
		flame_svg_write(out, fg, &d->svg);
	if (output != NULL) {
		if (ferror(out) | (fclose(out) != 0)) {
			warn("%s", output);
			unlink(output);
			return 1;
		}
	} else
		finish_stdout();
	if (d->cp && flame_palette_save(d->svg.pal, "palette.map") == -1)
		return 1;
	return empty ? 2 : 0;
}

int
flame_view(struct flame_draw *d, const struct flame_view_opts *o,
    const char *output, char **args, int nargs, char **argv, int argc)
{
	struct flame_palette pal;
	struct flame_graph fg;
	struct flame_stack *st;
	struct side sa, sb;
	struct buf desc = { 0 }, sum = { 0 }, lost = { 0 };
	char bg1[FLAME_COLOR_MAX], bg2[FLAME_COLOR_MAX];
	int empty, status;
	size_t n;

	g.strict = o->strict;
	g.cpu = o->cpu;
	g.diff = o->diff;
	g.significant = o->significant;
	g.z_min = o->z_min;
	g.root = o->root;
	g.reverse = d->reverse;
	g.flamechart = d->svg.flamechart;
	check_options(d, &pal, bg1, bg2, nargs);
	read_inputs(&sa, &sb, args, nargs);

	st = stacks_of(&sa, g.diff ? &sb : NULL, &n);
	flame_layout(st, n, &d->geom, &fg);
	if (d->geom.total > 0 && d->geom.total < fg.time &&
	    d->geom.total / fg.time > 0.02)
		warnx("--total %g is less than the total %.17g: ignored",
		    d->geom.total, fg.time);
	empty = fg.time <= 0;
	if (wall_stream && !d->countname_given && !g.cpu)
		d->svg.countname = "ns";
	describe(&desc, &sum, &sa, g.diff ? &sb : NULL, &fg, d->svg.countname,
	    argv, argc);
	d->svg.desc = desc.s;
	d->svg.summary = sum.s;
	/*
	 * Lost samples say so under the title, unless --subtitle does; with
	 * --diff, per side (sb holds A, sa B).
	 */
	if (d->svg.subtitle == NULL && (g.diff ? lost_say_sides(&lost,
	    &sb.lost, &sa.lost) : lost_say(&lost, &sa.lost)))
		d->svg.subtitle = lost.s;
	if (g.diff) {
		d->svg.two_sided = 1;
		d->svg.total_a = side_total(&sb);
		d->svg.total_b = side_total(&sa);
		d->svg.significant = g.significant;
		d->svg.z_min = g.z_min;
		if (g.runs)
			flame_runs_verdicts(&g.ra, &g.rb, g.cpu, &d->svg);
	}
	status = write_svg(output, &fg, d, empty, &sa);

	/* All freed, so that LeakSanitizer finds nothing (make check-san). */
	flame_graph_free(&fg);
	free(st);
	side_free(&sa);
	side_free(&sb);
	st_free(g.tails);
	buf_free(&g.key);
	buf_free(&g.tmp);
	runset_free(&g.ra);
	runset_free(&g.rb);
	buf_free(&desc);
	buf_free(&sum);
	buf_free(&lost);
	flame_palette_free(&pal);
	flame_runs_free(&d->svg);
	if (d->svg.attr_names != NULL)
		flame_nameattr_free(d->svg.attr_names, d->svg.attrs);
	return status;
}
