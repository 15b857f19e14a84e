/*
 * stream_write.c: writing the sample stream of sp(5), with the selection,
 * collapsing (-c) and thread listing (-l) that every sp-flatten reader
 * shares.  Collapsing keeps one record per distinct (thread, stack), so its
 * memory grows with distinct stacks, not with samples.
 */
#include <err.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "stream/pipe_size.h"
#include "stream/sample_nums.h"
#include "stream/stream.h"
#include "base/strtab.h"
#include "base/util.h"

struct sw_thread {
	uint32_t id;		/* in sw->threads */
};

struct thread_stats {
	struct sw_thread t;
	int64_t	 samples, weight, cpu;
	int	 has_cpu;
};

struct sw {
	struct sw_opts o;
	int	 started;
	struct strtab *threads;	/* key: "process\tpid\tthread\ttid\t" */
	/* One allocation a thread: callers keep the sw_thread pointers. */
	struct thread_stats **ts;
	size_t	 tscap;
	struct strtab *libs;	/* #lib lines written so far */
	struct strtab *stacks;	/* -c: key: thread id + stack */
	struct collapsed {
		int64_t	 samples, weight, cpu;
		double	 time;
		int	 has_cpu;
	} *col;
	size_t	 colcap;
	struct buf out;		/* sample lines not yet handed to stdio */
	size_t	 done;		/* out[0..done): of inputs read whole */
	struct buf tmp;
};

/*
 * Sample lines are built straight into one large buffer and handed to
 * stdio a megabyte at a time, which glibc passes on to write(2) without
 * copying them into its own buffer: the stream is some 25 times the size
 * of a JSON profile, and each copy of it costs.  Everything else goes
 * through stdio after the lines this buffer holds (flush_lines).
 */
#define LINE_BUF_BYTES	((size_t)1 << 20)

static void
flush_lines(struct sw *w)
{
	if (w->out.len == 0)
		return;
	if (fwrite(w->out.s, 1, w->out.len, stdout) != w->out.len)
		check_stdout();
	w->out.len = w->done = 0;
}

struct sw *
sw_new(const struct sw_opts *o)
{
	struct sw *w = xcalloc(1, sizeof(*w));

	w->o = *o;
	/* Sample lines are most of what goes through a pipe: see pipe_size.c. */
	if (!o->collapse && !o->list_threads)
		pipe_grow(1);
	w->threads = st_new();
	w->libs = st_new();
	if (o->collapse)
		w->stacks = st_new();
	return w;
}

void
sw_free(struct sw *w)
{
	size_t n;

	if (w == NULL)
		return;
	n = st_count(w->threads);
	for (size_t i = 0; i < n; i++)
		free(w->ts[i]);
	free(w->ts);
	st_free(w->threads);
	st_free(w->libs);
	st_free(w->stacks);
	free(w->col);
	buf_free(&w->out);
	buf_free(&w->tmp);
	free(w);
}

static void
start(struct sw *w)
{
	flush_lines(w);
	if (w->started)
		return;
	w->started = 1;
	/* Merged lines need the samples column of version 2. */
	if (!w->o.list_threads)
		puts(w->o.collapse ? SP_SAMPLES2_MAGIC : SP_SAMPLES_MAGIC);
}

int
sw_want_samples(struct sw *w)
{
	if (w->o.collapse || w->o.list_threads)
		return 0;
	if (w->started)
		return -1;
	w->o.collapse = 1;
	w->stacks = st_new();
	return 0;
}

void
sw_header(struct sw *w, const char *line)
{
	start(w);
	flush_lines(w);
	if (!w->o.list_threads)
		puts(line);
}

void
sw_source(struct sw *w, const char *source, const char *format)
{
	struct buf b = {0};

	start(w);
	buf_adds(&b, "#source\t");
	esc_append(&b, source, strlen(source));
	sw_header(w, b.s);
	buf_reset(&b);
	buf_adds(&b, "#format\t");
	buf_adds(&b, format);
	sw_header(w, b.s);
	buf_free(&b);
}

void
sw_units(struct sw *w, const char *weight_type, const char *cpu)
{
	struct buf b = {0};

	buf_printf(&b, "#units\ttime=ms\tweight=%s\tcpu=%s", weight_type, cpu);
	sw_header(w, b.s);
	sw_header(w, w->o.collapse ? SP_SAMPLE2_COLUMNS : SP_SAMPLE_COLUMNS);
	buf_free(&b);
}

static void
add_field(struct buf *b, const char *s)
{
	buf_addc(b, '\t');
	if (s != NULL)
		esc_append(b, s, strlen(s));
}

void
sw_lib(struct sw *w, const struct lib_info *l)
{
	struct buf b = {0};
	int added;
	uint32_t id;

	add_field(&b, l->name);
	add_field(&b, l->path);
	add_field(&b, l->debug_name);
	add_field(&b, l->debug_path);
	add_field(&b, l->code_id);
	add_field(&b, l->breakpad_id);
	add_field(&b, l->arch);
	if (l->fileoff)
		buf_adds(&b, "\tfileoff");
	id = st_intern(w->libs, b.s, b.len, &added);
	if (added) {
		struct buf h = {0};

		buf_printf(&h, "#lib\t%" PRIu32 "%s", id, b.s);
		sw_header(w, h.s);
		buf_free(&h);
	}
	buf_free(&b);
}

static int
match_any(char **pats, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (fnmatch(pats[i], s, 0) == 0)
			return 1;
	return 0;
}

static int
equal_any(char **vals, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(vals[i], s) == 0)
			return 1;
	return 0;
}

struct sw_thread *
sw_thread(struct sw *w, const char *process, const char *pid,
    const char *thread, const char *tid)
{
	const struct sw_opts *o = &w->o;
	uint32_t id;
	int added;

	if (o->nthread_pats &&
	    !match_any(o->thread_pats, o->nthread_pats, thread ? thread : ""))
		return NULL;
	if (o->nprocess_pats && !match_any(o->process_pats, o->nprocess_pats,
	    process ? process : ""))
		return NULL;
	if (o->npids && !equal_any(o->pids, o->npids, pid ? pid : ""))
		return NULL;
	if (o->ntids && !equal_any(o->tids, o->ntids, tid ? tid : ""))
		return NULL;

	buf_reset(&w->tmp);
	if (process == NULL)
		process = "";
	if (process[0] == '#')
		buf_addc(&w->tmp, '\\');	/* not a header line (sp(5)) */
	esc_append(&w->tmp, process, strlen(process));
	add_field(&w->tmp, pid);
	add_field(&w->tmp, thread);
	add_field(&w->tmp, tid);
	buf_addc(&w->tmp, '\t');
	id = st_intern(w->threads, w->tmp.s, w->tmp.len, &added);
	if (added) {
		xgrow(&w->ts, &w->tscap, id + 1, sizeof(*w->ts));
		w->ts[id] = xcalloc(1, sizeof(*w->ts[id]));
		w->ts[id]->t.id = id;
	}
	return &w->ts[id]->t;
}

int
sw_time_ok(const struct sw *w, double t)
{
	return !(w->o.has_from && t < w->o.from) &&
	    !(w->o.has_to && t > w->o.to);
}

static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* The number of decimal digits of u: from its bits, then one compare. */
static inline int
ndigits(uint64_t u)
{
	static const uint64_t pow10[] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL,
		1000000000000000000ULL, 10000000000000000000ULL
	};
	/* 1233 / 4096 is just above log10(2): t is the digits or one more. */
	int t = ((64 - __builtin_clzll(u | 1)) * 1233) >> 12;

	return t - (u < pow10[t]) + 1;
}

/* Write u in decimal at p; returns the end.  Two digits a step. */
static inline char *
put_uint(char *p, uint64_t u)
{
	char *e;

	if (u < 10) {
		*p = (char)('0' + u);
		return p + 1;
	}
	e = p + ndigits(u);
	p = e;
	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;

		u /= 100;
		*--p = digit_pairs[d + 1];
		*--p = digit_pairs[d];
	}
	if (u >= 10) {
		*--p = digit_pairs[u * 2 + 1];
		*--p = digit_pairs[u * 2];
	} else
		*--p = (char)('0' + u);
	return e;
}

static char *
put_int(char *p, int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return put_uint(p, -(uint64_t)v);
	}
	return put_uint(p, (uint64_t)v);
}

/* The most put_time writes. */
#define TIME_MAX	48

/* Write ms with up to 6 decimals (ns), trailing zeros dropped, at p. */
static char *
put_time(char *p, double ms)
{
	long long ns;
	unsigned f;

	if (!isfinite(ms) || fabs(ms) > 9e15 / 1e6)
		return p + snprintf(p, TIME_MAX, "%.17g", ms);
	ns = llround(ms * 1e6);
	if (ns < 0) {
		*p++ = '-';
		ns = -ns;
	}
	p = put_uint(p, (uint64_t)ns / 1000000);
	f = (unsigned)((uint64_t)ns % 1000000);
	if (f != 0) {
		*p++ = '.';
		for (int k = 2; k >= 0; k--, f /= 100) {
			p[2 * k] = digit_pairs[f % 100 * 2];
			p[2 * k + 1] = digit_pairs[f % 100 * 2 + 1];
		}
		p += 6;
		while (p[-1] == '0')
			p--;
	}
	return p;
}

/* A line; with -c it has the samples column. */
static void
write_line(struct sw *w, uint32_t tid, double time, int64_t nsamples,
    int64_t weight, int64_t cpu, int has_cpu, const char *stack, size_t len)
{
	size_t plen, need;
	const char *prefix = st_str(w->threads, tid, &plen);
	char *p;

	/* prefix, time, three numbers of at most 20 characters, 4 tabs, \n */
	need = plen + TIME_MAX + 3 * 20 + 5 + len;
	if (w->out.cap - w->out.len <= need || w->out.s == NULL) {
		flush_lines(w);
		buf_grow(&w->out, need > LINE_BUF_BYTES ? need :
		    LINE_BUF_BYTES);
	}
	p = w->out.s + w->out.len;
	memcpy(p, prefix, plen);
	p = put_time(p + plen, time);
	*p++ = '\t';
	p = put_int(p, weight);
	*p++ = '\t';
	if (has_cpu)
		p = put_int(p, cpu);
	*p++ = '\t';
	memcpy(p, stack, len);
	p += len;
	if (w->o.collapse) {
		*p++ = '\t';
		p = put_int(p, nsamples);
	}
	*p++ = '\n';
	w->out.len = (size_t)(p - w->out.s);
	if (w->out.len >= LINE_BUF_BYTES)
		flush_lines(w);
}

void
sw_sample(struct sw *w, struct sw_thread *t, double time, int64_t weight,
    int64_t cpu, const char *stack, size_t len)
{
	sw_samples(w, t, time, 1, weight, cpu, stack, len);
}

void
sw_samples(struct sw *w, struct sw_thread *t, double time, int64_t nsamples,
    int64_t weight, int64_t cpu, const char *stack, size_t len)
{
	struct thread_stats *ts = w->ts[t->id];

	if (!sw_time_ok(w, time))
		return;
	/*
	 * The thread sums are for -l alone, which writes nothing else.  A sum
	 * that overflows is an error, as in every reader of the stream
	 * (sample_nums.h, sp(5)): a wrapped figure is never written.
	 */
	if (w->o.list_threads) {
		if (__builtin_add_overflow(ts->samples, nsamples,
		    &ts->samples) || __builtin_add_overflow(ts->weight, weight,
		    &ts->weight) || (cpu >= 0 && __builtin_add_overflow(ts->cpu,
		    cpu, &ts->cpu)))
			errx(1, "-l: a thread's sum of samples, weights or cpu "
			    "overflows 64 bits");
		if (cpu >= 0)
			ts->has_cpu = 1;
		return;
	}
	if (w->o.collapse) {
		struct collapsed *c;
		uint32_t id;
		int added;

		buf_reset(&w->tmp);
		buf_add(&w->tmp, &t->id, sizeof(t->id));
		buf_add(&w->tmp, stack, len);
		id = st_intern(w->stacks, w->tmp.s, w->tmp.len, &added);
		if (added) {
			xgrow(&w->col, &w->colcap, id + 1, sizeof(*w->col));
			memset(&w->col[id], 0, sizeof(w->col[id]));
			w->col[id].time = time;
		}
		c = &w->col[id];
		if (__builtin_add_overflow(c->samples, nsamples, &c->samples) ||
		    __builtin_add_overflow(c->weight, weight, &c->weight) ||
		    (cpu >= 0 && __builtin_add_overflow(c->cpu, cpu, &c->cpu)))
			errx(1, "-c: the sum of samples, weights or cpu of "
			    "one thread and stack overflows 64 bits");
		if (cpu >= 0)
			c->has_cpu = 1;
		if (time < c->time)
			c->time = time;
		return;
	}
	write_line(w, t->id, time, nsamples, weight, cpu, cpu >= 0, stack,
	    len);
}

void
sw_line(struct sw *w, struct sw_thread *t, double time, int64_t nsamples,
    int64_t weight, int64_t cpu, const char *stack, size_t len)
{
	write_line(w, t->id, time, nsamples, weight, cpu, cpu >= 0, stack,
	    len);
}

static void
list_threads(struct sw *w)
{
	size_t n = st_count(w->threads);

	printf("%-20s %10s %-24s %10s %10s %12s %12s\n", "PROCESS", "PID",
	    "THREAD", "TID", "SAMPLES", "WEIGHT", "CPU_MS");
	for (size_t i = 0; i < n; i++) {
		struct thread_stats *ts = w->ts[i];
		struct field f[5];
		size_t len;
		const char *s = st_str(w->threads, (uint32_t)i, &len);
		char cpu[32];

		if (ts->samples == 0)
			continue;
		split_tabs(s, len, f, 5);
		if (ts->has_cpu)
			snprintf(cpu, sizeof(cpu), "%.3f", ts->cpu / 1e6);
		else
			strlcpy(cpu, "-", sizeof(cpu));
		printf("%-20.*s %10.*s %-24.*s %10.*s %10" PRId64 " %12" PRId64
		    " %12s\n", (int)f[0].len, f[0].s, (int)f[1].len, f[1].s,
		    (int)f[2].len, f[2].s, (int)f[3].len, f[3].s, ts->samples,
		    ts->weight, cpu);
	}
}

void
sw_finish(struct sw *w)
{
	start(w);
	if (w->o.list_threads)
		list_threads(w);
	else if (w->o.collapse) {
		size_t n = st_count(w->stacks);

		for (size_t i = 0; i < n; i++) {
			size_t len;
			const char *k = st_str(w->stacks, (uint32_t)i, &len);
			uint32_t tid;

			memcpy(&tid, k, sizeof(tid));
			write_line(w, tid, w->col[i].time,
			    w->col[i].samples, w->col[i].weight,
			    w->col[i].cpu, w->col[i].has_cpu, k + sizeof(tid),
			    len - sizeof(tid));
		}
	}
	flush_lines(w);
	finish_stdout();
}

void
sw_input_done(struct sw *w)
{
	w->done = w->out.len;
}

void
sw_fail(struct sw *w)
{
	w->out.len = w->done;
	flush_lines(w);
	finish_stdout();
}
