/*
 * flame_input.c: sp-flame's inputs read (flame_view_impl.h): sample
 * streams or folded stacks, told apart by content, plain or gzip, into
 * one side's distinct stacks and their counts, merged as they are read in
 * a hash table that leaves them where they lie (or, for --flamechart,
 * every line kept in order).  A stream's stacks are folded as sp-aggregate
 * -c folds them, with the root frame of -r, reversed for --reverse.
 * flame_view.c lays out and draws what was read.  May use base, stream,
 * agg (lost.h) and read (folded stacks).
 */
#include <err.h>
#include <inttypes.h>
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
#include "read/folded.h"
#include "stream/stream.h"
#include "view/flame_view.h"
#include "view/flame_view_impl.h"

int64_t
fv_kt_find(const struct keytab *t, const char *k, size_t n)
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
tail_id(struct flame_in *in, const char *t, size_t n)
{
	return st_intern(in->tails, t, n, NULL);
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
	id = key_id(s, k, n, tail_id(s->in, tail, tlen));
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
	struct flame_in *in = s->in;
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
			folded_bad_add(&in->bad, lineno, why);
			continue;
		}
		s->folded_lines++;
		if (tend > 0 && line[tend - 1] == '\r')
			tend--;
		if (!in->reverse) {
			add_line(s, 0, 0, fl.stack, fl.stack_len,
			    line + fl.stack_len, tend - fl.stack_len, fl.count,
			    fl.two, fl.count_a, !in->diff);
			continue;
		}
		/* As flamegraph.pl rewrites a line for --reverse: frames
		 * reversed, then one space before each count. */
		buf_reset(&in->key);
		reverse_frames(&in->key, 0, fl.stack, fl.stack_len);
		buf_reset(&in->tmp);
		{
			const char *q = line + fl.stack_len, *e = line + tend;

			while (q < e) {
				while (q < e && strchr(" \t\f\v\r\n", *q) != NULL)
					q++;
				if (q == e)
					break;
				buf_addc(&in->tmp, ' ');
				while (q < e && strchr(" \t\f\v\r\n", *q) == NULL)
					buf_addc(&in->tmp, *q++);
			}
		}
		add_line(s, 0, 0, stored(s, in->key.s, in->key.len),
		    in->key.len, stored(s, in->tmp.s, in->tmp.len), in->tmp.len,
		    fl.count, fl.two, fl.count_a, !in->diff);
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
fold_stack(struct flame_in *in, struct buf *b, const char *s, size_t n)
{
	const char *end = s + n, *p = s;
	size_t nf = 0, start = b->len;

	if (n == 0)
		return 0;
	buf_reset(&in->tmp);
	if (unesc_append(&in->tmp, s, n) == -1)
		return -1;
	if (!in->reverse) {
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

static void
read_stream(struct side *s, struct lreader *lr, char *line, long long len)
{
	struct flame_in *in = s->in;
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
						in->wall_stream = 1;
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
		count = in->cpu ? (double)sl.cpu : (double)sl.weight;
		s->weight += count;
		/* The thread, for <desc> and for flame charts. */
		buf_reset(&in->key);
		for (int k = F_PROCESS; k <= F_TID; k++) {
			buf_add(&in->key, sl.f[k].s, sl.f[k].len);
			buf_addc(&in->key, '\t');
		}
		thread = st_intern(s->threads, in->key.s, in->key.len, NULL);
		if (sl.f[F_STACK].len == 0)
			s->empty += (uint64_t)sl.samples;
		/* The raw key: root (as the thread fields) and stack. */
		buf_reset(&in->key);
		if (in->root != FLAME_ROOT_NONE || in->flamechart) {
			buf_add(&in->key, &thread, sizeof(thread));
			rootlen = in->key.len;
		}
		if (sl.f[F_STACK].len == 0 && rootlen == 0)
			continue;
		buf_add(&in->key, sl.f[F_STACK].s, sl.f[F_STACK].len);
		rid = st_intern(s->raw, in->key.s, in->key.len, &added);
		if (added) {
			struct buf fb = { 0 };
			enum flame_root m = in->root != FLAME_ROOT_NONE ?
			    in->root : FLAME_ROOT_COMM_TID;

			if (rootlen > 0) {
				root_frame(&fb, sl.f, m);
				if (sl.f[F_STACK].len > 0)
					buf_addc(&fb, ';');
			}
			if (fold_stack(in, &fb, sl.f[F_STACK].s,
			    sl.f[F_STACK].len) == -1)
				bad_line(lr, "bad escape in a name");
			xgrow(&s->raw_to_key, &s->rawcap, (size_t)rid + 1,
			    sizeof(*s->raw_to_key));
			s->raw_to_key[rid] = key_id(s, stored(s, fb.s, fb.len),
			    fb.len, tail_id(in, " ", 1));
			buf_free(&fb);
		}
		kid = s->raw_to_key[rid];
		if (in->flamechart) {
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

void
fv_read_input(struct side *s, const char *path)
{
	struct flame_in *in = s->in;
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
		if (in->root != FLAME_ROOT_NONE)
			errx(1, "%s: -r needs a sample stream, not folded "
			    "stacks", lr_name(lr));
		if (in->cpu)
			errx(1, "%s: --cpu needs a sample stream, not folded "
			    "stacks", lr_name(lr));
		read_folded(s, lr);
	}
	lr_close(lr);
}

void
fv_side_init(struct side *s, struct flame_in *in)
{
	memset(s, 0, sizeof(*s));
	s->in = in;
	s->store = st_new();
	s->threads = st_new();
	s->raw = st_new();
}

static void
kt_free(struct keytab *t)
{
	free(t->s);
	free(t->len);
	free(t->slot);
}

void
fv_side_free(struct side *s)
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

void
fv_in_free(struct flame_in *in)
{
	st_free(in->tails);
	buf_free(&in->key);
	buf_free(&in->tmp);
}
