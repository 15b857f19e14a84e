/* sampleset.c: sample streams read into memory; see sampleset.h. */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/sampleset.h"
#include "base/escape.h"
#include "base/input.h"
#include "stream/samples_ahead.h"
#include "stream/stream.h"
#include "base/util.h"

struct sampleset *
sset_new(const char *what)
{
	struct sampleset *s = xcalloc(1, sizeof(*s));

	s->prog_what = what;
	s->libnames = st_new();
	s->frames = st_new();
	s->stacks = st_new();
	s->thread_keys = st_new();
	s->nh_mask = (1u << 12) - 1;
	s->nh = xcalloc(s->nh_mask + 1, sizeof(*s->nh));
	return s;
}

void
sset_free(struct sampleset *s)
{
	for (size_t i = 0; i < s->nsrc; i++) {
		free(s->src[i].name);
		free(s->src[i].format);
		free(s->src[i].weight);
	}
	free(s->src);
	for (size_t i = 0; i < st_count(s->libnames); i++) {
		struct ss_lib *l = &s->libs[i];

		free(l->name);
		free(l->path);
		free(l->debug_name);
		free(l->debug_path);
		free(l->code_id);
		free(l->breakpad_id);
		free(l->arch);
	}
	free(s->libs);
	st_free(s->libnames);
	st_free(s->frames);
	free(s->frame_src);
	free(s->node_parent);
	free(s->node_frame);
	free(s->nh);
	buf_free(&s->prev);
	free(s->prev_end);
	free(s->prev_node);
	st_free(s->stacks);
	free(s->stack_leaf);
	for (size_t i = 0; i < st_count(s->thread_keys); i++) {
		struct ss_thread *t = &s->threads[i];

		buf_free(&t->process);
		buf_free(&t->pid);
		buf_free(&t->thread);
		buf_free(&t->tid);
		free(t->time);
		free(t->weight);
		free(t->cpu);
		free(t->node);
		free(t->count);
	}
	free(s->threads);
	st_free(s->thread_keys);
	buf_free(&s->last_tkey);
	buf_free(&s->tmp);
	free(s);
}

size_t
sset_nthreads(const struct sampleset *s)
{
	return st_count(s->thread_keys);
}

static struct ss_source *
cur_src(struct sampleset *s)
{
	return &s->src[s->nsrc - 1];
}

/* --- Sources --- */

/*
 * The end of a source: a source whose samples all had time 0 has none,
 * and its samples are spaced 1 ms apart on each thread's own clock.
 */
static void
end_source(struct sampleset *s)
{
	struct ss_source *src;
	size_t nt = st_count(s->thread_keys), mark = s->nsrc;

	if (s->nsrc == 0)
		return;
	src = cur_src(s);
	if (src->ended)
		return;
	src->ended = 1;
	if (src->nsamples == 0 || src->any_time)
		return;
	src->timeless = 1;
	for (size_t i = 0; i < nt; i++) {
		struct ss_thread *t = &s->threads[i];

		if (t->src_mark != mark)
			continue;
		for (size_t k = t->src_first; k < t->n; k++) {
			t->time[k] = t->clock;
			t->clock += t->count != NULL ? (double)t->count[k] : 1;
		}
	}
}

static void
new_source(struct sampleset *s, const char *name, size_t len, int named)
{
	struct ss_source *src;

	end_source(s);
	xgrow(&s->src, &s->srccap, s->nsrc + 1, sizeof(*s->src));
	src = &s->src[s->nsrc++];
	memset(src, 0, sizeof(*src));
	src->name = xmemdup(name, len);
	src->format = xstrdup("");
	src->weight = xstrdup("samples");
	src->named = named;
}

/* --- Headers --- */

static char *
field_dup(struct sampleset *s, const struct lreader *lr, const struct field *f)
{
	buf_reset(&s->tmp);
	if (unesc_append(&s->tmp, f->s, f->len) == -1)
		lr_fail(lr, "bad escape in a header");
	return xmemdup(s->tmp.s == NULL ? "" : s->tmp.s, s->tmp.len);
}

/* "#lib index name path debugName debugPath codeId breakpadId arch ...". */
static void
lib_header(struct sampleset *s, const struct lreader *lr, const char *line,
    size_t len)
{
	struct field f[11];
	size_t nf = split_tabs(line, len, f, 10);
	struct ss_lib *l;
	char *name;
	int added;
	uint32_t id;

	if (nf < 3)
		lr_fail(lr, "malformed #lib header");
	name = field_dup(s, lr, &f[2]);
	if (name[0] == '\0') {
		free(name);
		return;
	}
	id = st_intern(s->libnames, name, strlen(name), &added);
	xgrow(&s->libs, &s->libcap, (size_t)id + 1, sizeof(*s->libs));
	l = &s->libs[id];
	if (!added && l->path != NULL) {
		/* The first header of a name wins: frames name only that. */
		free(name);
		return;
	}
	if (added)
		memset(l, 0, sizeof(*l));
	free(l->name);
	l->name = name;
	l->path = nf > 3 ? field_dup(s, lr, &f[3]) : xstrdup("");
	l->debug_name = nf > 4 ? field_dup(s, lr, &f[4]) : xstrdup("");
	l->debug_path = nf > 5 ? field_dup(s, lr, &f[5]) : xstrdup("");
	l->code_id = nf > 6 ? field_dup(s, lr, &f[6]) : xstrdup("");
	l->breakpad_id = nf > 7 ? field_dup(s, lr, &f[7]) : xstrdup("");
	l->arch = nf > 8 ? field_dup(s, lr, &f[8]) : xstrdup("");
}

/* "#units time=ms weight=TYPE cpu=UNIT". */
static void
units_header(struct sampleset *s, const char *line, size_t len)
{
	struct field f[8];
	size_t nf = split_tabs(line, len, f, 8);

	for (size_t i = 1; i < nf && i < 8; i++) {
		struct ss_source *src = cur_src(s);

		if (f[i].len <= 7 || memcmp(f[i].s, "weight=", 7) != 0)
			continue;
		/*
		 * Another weight type after samples of this source: what
		 * follows is a source of its own, so that a thread with
		 * samples of both is caught.
		 */
		if (src->nsamples > 0 && (strlen(src->weight) != f[i].len - 7 ||
		    memcmp(src->weight, f[i].s + 7, f[i].len - 7) != 0)) {
			char *name = xstrdup(src->name);

			new_source(s, name, strlen(name), 1);
			free(name);
			src = cur_src(s);
		}
		free(src->weight);
		src->weight = xmemdup(f[i].s + 7, f[i].len - 7);
	}
}

static int
is_header(const char *line, size_t len, const char *name)
{
	size_t n = strlen(name);

	return len > n && memcmp(line, name, n) == 0 && line[n] == '\t';
}

static void
header(struct sampleset *s, const struct lreader *lr, const char *line,
    size_t len)
{
	if (len >= 4 && memcmp(line, "#sp ", 4) == 0) {
		if ((len == strlen(SP_SAMPLES_MAGIC) &&
		    memcmp(line, SP_SAMPLES_MAGIC, len) == 0) ||
		    (len == strlen(SP_SAMPLES2_MAGIC) &&
		    memcmp(line, SP_SAMPLES2_MAGIC, len) == 0))
			return;
		if (len == strlen(SP_AGGREGATE_MAGIC) &&
		    memcmp(line, SP_AGGREGATE_MAGIC, len) == 0)
			lr_fail(lr, "an aggregate table has no stacks: %s",
			    s->prog_what);
		lr_fail(lr, "unsupported format: %.*s",
		    (int)(len > 60 ? 60 : len), line);
	}
	if (is_header(line, len, "#lib"))
		lib_header(s, lr, line, len);
	else if (is_header(line, len, "#units"))
		units_header(s, line, len);
	else if (is_header(line, len, "#source")) {
		struct field f = { line + 8, len - 8 };
		char *name = field_dup(s, lr, &f);
		struct ss_source *src = cur_src(s);

		if (!src->named && src->nsamples == 0) {
			free(src->name);
			src->name = name;
			src->named = 1;
		} else {
			new_source(s, name, strlen(name), 1);
			free(name);
		}
	} else if (is_header(line, len, "#format")) {
		struct field f = { line + 8, len - 8 };

		free(cur_src(s)->format);
		cur_src(s)->format = field_dup(s, lr, &f);
	}
	/* Other headers (#event, #columns) say nothing these formats keep. */
}

/* --- Stacks --- */

static uint64_t
mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return k;
}

static void
node_rehash(struct sampleset *s)
{
	size_t mask = s->nh_mask * 2 + 1;
	struct ss_nslot *t = xcalloc(mask + 1, sizeof(*t));

	for (size_t i = 0; i <= s->nh_mask; i++) {
		size_t h;

		if (s->nh[i].val == 0)
			continue;
		for (h = mix(s->nh[i].key) & mask; t[h].val != 0;
		    h = (h + 1) & mask)
			continue;
		t[h] = s->nh[i];
	}
	free(s->nh);
	s->nh = t;
	s->nh_mask = mask;
}

/* The node of frame under parent, added if new. */
static uint32_t
node(struct sampleset *s, uint32_t parent, uint32_t frame)
{
	uint64_t k = (uint64_t)parent << 32 | frame;
	size_t h;
	uint32_t id;

	for (h = mix(k) & s->nh_mask; s->nh[h].val != 0;
	    h = (h + 1) & s->nh_mask)
		if (s->nh[h].key == k)
			return s->nh[h].val - 1;
	if (s->nnodes >= UINT32_MAX - 1)
		errx(1, "more than 2^32 stacks");
	id = (uint32_t)s->nnodes++;
	if (s->nnodes > s->nodecap) {
		xgrow(&s->node_parent, &s->nodecap, s->nnodes,
		    sizeof(uint32_t));
		s->node_frame = xreallocarray(s->node_frame, s->nodecap,
		    sizeof(uint32_t));
	}
	s->node_parent[id] = parent;
	s->node_frame[id] = frame;
	s->nh[h].key = k;
	s->nh[h].val = id + 1;
	/* Keep the table at most half full. */
	if (2 * s->nnodes > s->nh_mask)
		node_rehash(s);
	return id;
}

static uint32_t
frame_id(struct sampleset *s, const char *f, size_t n)
{
	int added;
	uint32_t id = st_intern(s->frames, f, n, &added);

	if (added) {
		xgrow(&s->frame_src, &s->fscap, (size_t)id + 1,
		    sizeof(*s->frame_src));
		s->frame_src[id] = (uint32_t)(s->nsrc - 1);
	}
	return id;
}

/*
 * The leaf node of a stack not seen before (escaped, no tab).  A new stack
 * mostly begins with the frames of the one before it: the nodes of the
 * frames both have byte for byte (each frame's end, an unescaped ';', the
 * same) are taken from that one.
 */
static uint32_t
new_stack(struct sampleset *s, const struct lreader *lr, const char *p,
    size_t n, uint64_t hash)
{
	const char *start = p, *end = p + n;
	uint32_t leaf = NODE_NONE, id;
	size_t same = 0, k = 0, nf = 0;
	int added;

	if (!esc_valid(p, n))
		lr_fail(lr, "bad escape in a name");
	while (same < n && same < s->prev.len && p[same] == s->prev.s[same])
		same++;
	/* Frame k of the previous stack ends at prev_end[k] (';' there). */
	while (k < s->prev_n && s->prev_end[k] < same) {
		leaf = s->prev_node[k];
		k++;
	}
	if (k > 0)
		p += s->prev_end[k - 1] + 1;
	nf = k;
	while (p <= end) {
		const char *q = frame_end(p, end);

		leaf = node(s, leaf, frame_id(s, p, (size_t)(q - p)));
		if (nf + 1 > s->prevcap) {
			xgrow(&s->prev_node, &s->prevcap, nf + 1,
			    sizeof(*s->prev_node));
			s->prev_end = xreallocarray(s->prev_end, s->prevcap,
			    sizeof(*s->prev_end));
		}
		s->prev_node[nf] = leaf;
		s->prev_end[nf++] = (size_t)(q - start);
		p = q + 1;
	}
	s->prev_n = nf;
	buf_reset(&s->prev);
	buf_add(&s->prev, start, n);
	id = st_intern_hashed(s->stacks, start, n, hash, &added);
	xgrow(&s->stack_leaf, &s->slcap, (size_t)id + 1,
	    sizeof(*s->stack_leaf));
	s->stack_leaf[id] = leaf;
	return leaf;
}

/* --- Samples --- */

static uint32_t
thread(struct sampleset *s, const struct lreader *lr, const struct field *f)
{
	const char *k = f[F_PROCESS].s;
	size_t kn = (size_t)(f[F_TID].s + f[F_TID].len - k);
	int added;
	uint32_t id;

	if (s->have_last && kn == s->last_tkey.len &&
	    memcmp(k, s->last_tkey.s, kn) == 0)
		return s->last_thread;
	id = st_intern(s->thread_keys, k, kn, &added);
	if (added) {
		struct ss_thread *t;
		struct buf *names[4];

		xgrow(&s->threads, &s->thcap, (size_t)id + 1,
		    sizeof(*s->threads));
		t = &s->threads[id];
		memset(t, 0, sizeof(*t));
		t->weight_source = -1;
		names[0] = &t->process;
		names[1] = &t->pid;
		names[2] = &t->thread;
		names[3] = &t->tid;
		for (int i = 0; i < 4; i++) {
			buf_add(names[i], "", 0);
			if (unesc_append(names[i], f[F_PROCESS + i].s,
			    f[F_PROCESS + i].len) == -1)
				lr_fail(lr, "bad escape in a name");
		}
	}
	buf_reset(&s->last_tkey);
	buf_add(&s->last_tkey, k, kn);
	s->last_thread = id;
	s->have_last = 1;
	return id;
}

/* A non-negative decimal integer, as sp writes them. */
static int
count_of(const char *p, size_t n, int64_t *v)
{
	int64_t x = 0;

	if (n == 0 || n > 18)
		return parse_i64(p, n, v);
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)p[i] - '0';

		if (d > 9)
			return parse_i64(p, n, v);
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/* One sample line, split; leaf its stack's node. */
static void
add_sample(struct sampleset *s, const struct lreader *lr,
    const struct field *f, size_t nf, uint32_t leaf)
{
	struct ss_source *src = cur_src(s);
	struct ss_thread *t;
	double time;
	int64_t w, c = -1, n = 1;
	uint32_t tid;

	if (parse_double(f[F_TIME].s, f[F_TIME].len, &time) == -1)
		lr_fail(lr, "time is not a number");
	if (!isfinite(time))
		lr_fail(lr, "time is not finite");
	if (count_of(f[F_WEIGHT].s, f[F_WEIGHT].len, &w) == -1)
		lr_fail(lr, "weight is not an integer");
	if (w < 0)
		lr_fail(lr, "weight is negative");
	if (f[F_CPU].len > 0) {
		if (count_of(f[F_CPU].s, f[F_CPU].len, &c) == -1)
			lr_fail(lr, "cpu is not an integer");
		if (c < 0)
			lr_fail(lr, "cpu is negative");
	}
	if (nf == SAMPLE_MAXFIELDS &&
	    (count_of(f[F_SAMPLES].s, f[F_SAMPLES].len, &n) == -1 || n < 1))
		lr_fail(lr, "samples is not a positive integer");
	tid = thread(s, lr, f);
	t = &s->threads[tid];
	if (t->weight_source < 0)
		t->weight_source = (int)(s->nsrc - 1);
	else if (t->weight_source != (int)(s->nsrc - 1)) {
		if (strcmp(s->src[t->weight_source].weight, src->weight) != 0)
			lr_fail(lr, "weight is %s here but %s before in this "
			    "thread: one thread cannot hold both", src->weight,
			    s->src[t->weight_source].weight);
		t->weight_source = (int)(s->nsrc - 1);
	}
	/* The viewers sum them: the sums must fit too. */
	if (__builtin_add_overflow(t->wsum, w, &t->wsum) ||
	    __builtin_add_overflow(t->csum, c < 0 ? 0 : c, &t->csum))
		lr_fail(lr, "a sum of weights or cpu overflows 64 bits");
	if (t->src_mark != s->nsrc) {
		t->src_mark = s->nsrc;
		t->src_first = t->n;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap < 64 ? 64 : t->cap * 2;

		t->time = xreallocarray(t->time, cap, sizeof(*t->time));
		t->weight = xreallocarray(t->weight, cap, sizeof(*t->weight));
		t->cpu = xreallocarray(t->cpu, cap, sizeof(*t->cpu));
		t->node = xreallocarray(t->node, cap, sizeof(*t->node));
		if (t->count != NULL)
			t->count = xreallocarray(t->count, cap,
			    sizeof(*t->count));
		t->cap = cap;
	}
	if (n != 1 && t->count == NULL) {
		t->count = xreallocarray(NULL, t->cap, sizeof(*t->count));
		for (size_t i = 0; i < t->n; i++)
			t->count[i] = 1;
		s->any_count = 1;
	}
	t->time[t->n] = time;
	t->weight[t->n] = w;
	t->cpu[t->n] = c;
	t->node[t->n] = leaf;
	if (t->count != NULL)
		t->count[t->n] = n;
	t->n++;
	if (c >= 0)
		t->has_cpu = s->any_cpu = 1;
	src->nsamples++;
	if (time != 0)
		src->any_time = 1;
}

/* Start loading the leaf of stack id (samples_ahead.h). */
static void
fast_prefetch(void *arg, uint32_t id)
{
	struct sampleset *s = arg;

	__builtin_prefetch(&s->stack_leaf[id]);
}

/* A line split ahead whose stack is known: 0; -1 for the general path. */
static int
fast_line(void *arg, const struct lreader *lr, const struct sample_ahead *h)
{
	struct sampleset *s = arg;
	const struct field *f = h->f;
	int64_t id;

	if (f[F_STACK].len == 0) {
		add_sample(s, lr, f, h->nf, NODE_NONE);
		return 0;
	}
	if ((id = st_find_hashed(s->stacks, f[F_STACK].s, f[F_STACK].len,
	    h->hash)) < 0)
		return -1;
	add_sample(s, lr, f, h->nf, s->stack_leaf[id]);
	return 0;
}

static void
one_line(void *arg, const struct lreader *lr, const char *line, size_t len)
{
	struct sampleset *s = arg;
	struct field f[SAMPLE_MAXFIELDS];
	size_t nf;
	uint32_t leaf = NODE_NONE;

	if (len > 0 && line[0] == '#') {
		header(s, lr, line, len);
		return;
	}
	nf = split_tabs(line, len, f, SAMPLE_MAXFIELDS);
	if (nf == AGG_NFIELDS)
		lr_fail(lr, "an aggregate table has no stacks: %s",
		    s->prog_what);
	if (len == 0)
		lr_fail(lr, "empty line");
	if (nf != SAMPLE_NFIELDS && nf != SAMPLE_MAXFIELDS)
		lr_fail(lr, nf < SAMPLE_NFIELDS ?
		    "too few fields for a sample line" :
		    "too many fields for a sample line");
	if (f[F_STACK].len > 0) {
		const char *p = f[F_STACK].s;
		size_t n = f[F_STACK].len;
		uint64_t hash = hash_bytes(p, n);
		int64_t id = st_find_hashed(s->stacks, p, n, hash);

		leaf = id >= 0 ? s->stack_leaf[id] :
		    new_stack(s, lr, p, n, hash);
	}
	add_sample(s, lr, f, nf, leaf);
}

void
sset_read(struct sampleset *s, const char *path)
{
	struct samples_ahead_ops ops = {
		.stacks = s->stacks,
		.prefetch = fast_prefetch,
		.fast = fast_line,
		.line = one_line,
		.arg = s
	};
	struct lreader *lr;
	const char *name = input_name(path);

	if ((lr = lr_open(path)) == NULL)
		exit(1);
	new_source(s, name, strlen(name), 0);
	s->have_last = 0;
	samples_ahead_read(lr, &ops);
	lr_close(lr);
	/* A source ends with its input: the next begins anew. */
	end_source(s);
	s->have_last = 0;
}

/* --- Writing --- */

void
sset_thread_name(const struct ss_thread *t, const char *product,
    struct buf *out)
{
	buf_reset(out);
	buf_add(out, "", 0);
	if (t->thread.len > 0)
		buf_add(out, t->thread.s, t->thread.len);
	else if (t->process.len > 0)
		buf_add(out, t->process.s, t->process.len);
	else if (t->tid.len > 0) {
		buf_adds(out, "Thread ");
		buf_add(out, t->tid.s, t->tid.len);
	} else
		buf_adds(out, product);
}

static const double *sort_time;

static int
by_time(const void *a, const void *b)
{
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;

	if (sort_time[i] != sort_time[j])
		return sort_time[i] < sort_time[j] ? -1 : 1;
	return i < j ? -1 : i > j;
}

uint32_t *
sset_time_order(const struct ss_thread *t)
{
	uint32_t *o;
	size_t i;

	for (i = 1; i < t->n; i++)
		if (t->time[i] < t->time[i - 1])
			break;
	if (i >= t->n)
		return NULL;
	if (t->n > UINT32_MAX)
		errx(1, "a thread has more than 2^32 samples");
	o = xreallocarray(NULL, t->n, sizeof(*o));
	for (i = 0; i < t->n; i++)
		o[i] = (uint32_t)i;
	sort_time = t->time;
	qsort(o, t->n, sizeof(*o), by_time);
	return o;
}

/* --- Frames --- */

void
sset_read_all(struct sampleset *s, int argc, char *argv[])
{
	if (argc == 0)
		sset_read(s, "-");
	for (int i = 0; i < argc; i++)
		sset_read(s, argv[i]);
}

char *
sset_title(const struct sampleset *s, const char *fallback)
{
	struct buf b = { 0 };
	const char *name = s->nsrc > 0 ? s->src[0].name : fallback;
	const char *slash = strrchr(name, '/');
	size_t more = 0;

	buf_adds(&b, slash != NULL && slash[1] != '\0' ? slash + 1 : name);
	for (size_t i = 1; i < s->nsrc; i++)
		if (strcmp(s->src[i].name, s->src[0].name) != 0)
			more++;
	if (more > 0)
		buf_printf(&b, " and %zu more", more);
	return b.s;
}
