/*
 * profile_emit.c: a whole-file reader run (profile_run, profile_impl.h):
 * its prepare called, a failure caught, and once all is checked the
 * samples of the prepared threads written, stack strings built from each
 * table's prefix tree, merged by stack with -c (the emitter).  May use
 * base/, json/ and stream/.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bigmem.h"
#include "read/profile_impl.h"
#include "base/strtab.h"
#include "base/util.h"

struct emitter {
	struct buf build;	/* build_stack's result */
	struct buf stack;
	uint32_t *walk;
	size_t	 walkcap;
	/*
	 * collapse: per stack index of the current thread, in one struct so
	 * that a sample touches one place, not five arrays (the stacks are
	 * many, and the samples visit them in no order)
	 */
	struct cacc {
		int64_t	 w, c, n;	/* weight, cpu, samples */
		double	 t;		/* the first time */
		uint8_t	 has;		/* 0: unseen, 1: seen, 2: with cpu,
					 * 3: merged away */
	} *acc;
	uint32_t *order;
	size_t	 norder, ccap;
	/*
	 * direct: with -c, the lines of a thread go out as soon as it ends
	 * (sw_line), merged here by their string; possible when no other
	 * thread or input can have the same process, pid, thread and tid.
	 */
	int	 direct;
	struct buf arena;	/* the stack string being written */
	uint64_t *hash;		/* the string id of each ordered stack */
	int32_t	*slot;
	size_t	 hashcap, slotcap;
};

/* Append the stack string of stack index s to b. */
static void
append_stack(struct emitter *e, const struct ptables *tab, int32_t s,
    struct buf *b)
{
	size_t depth = 0;

	for (int32_t x = s; x >= 0; x = tab->prefix[x]) {
		xgrow(&e->walk, &e->walkcap, depth + 1, sizeof(*e->walk));
		e->walk[depth++] = tab->frame[x];
	}
	while (depth-- > 0) {
		uint32_t f = e->walk[depth];

		buf_add(b, tab->labels.s + tab->loff[f], tab->llen[f]);
		if (depth > 0)
			buf_addc(b, ';');
	}
	if (b->s == NULL)
		buf_grow(b, 1);
}

/* Build the stack string of stack index s into e->build. */
static void
build_stack(struct emitter *e, const struct ptables *tab, int32_t s)
{
	buf_reset(&e->build);
	append_stack(e, tab, s, &e->build);
}

/*
 * Samples mostly repeat a few thousand stacks, in any order: keep each
 * stack's string once built, up to this many bytes in all.
 */
#define STACK_CACHE_BYTES	((size_t)256 << 20)

/* The string of stack s: from the cache, else built (and kept). */
static void
stack_string(struct emitter *e, struct ptables *tab, int32_t s,
    const char **p, size_t *len)
{
	if (tab->soff == NULL) {
		tab->soff = xreallocarray(NULL, tab->nstack, sizeof(*tab->soff));
		tab->slen = xreallocarray(NULL, tab->nstack, sizeof(*tab->slen));
		memset(tab->soff, 0xff, tab->nstack * sizeof(*tab->soff));
	}
	if (tab->soff[s] != UINT64_MAX) {
		*p = tab->stacks.s + tab->soff[s];
		*len = tab->slen[s];
		return;
	}
	build_stack(e, tab, s);
	*p = e->build.s;
	*len = e->build.len;
	if (tab->stacks.len + e->build.len <= STACK_CACHE_BYTES &&
	    e->build.len <= UINT32_MAX) {
		tab->soff[s] = tab->stacks.len;
		tab->slen[s] = (uint32_t)e->build.len;
		buf_add(&tab->stacks, e->build.s, e->build.len);
	}
}

/* One sample of thread t: its stack, time, weight and cpu (-1: none). */
struct psample {
	int32_t	 stack;
	double	 time;
	int64_t	 weight;
	int64_t	 cpu;
};

/* Element k of array arr as an integer (rounded), or dflt. */
static int64_t
read_int(const struct json *j, int arr, int k, int64_t dflt)
{
	int64_t v;
	double d;

	/* The common case first: an integer, so neither null nor past end. */
	if (arr >= 0 && k >= 0 && json_at_int(j, arr, k, &v) == 0)
		return v;
	if (arr < 0 || k < 0 || k >= json_len(j, arr) ||
	    json_at_null(j, arr, k))
		return dflt;
	if (json_at_int(j, arr, k, &v) == 0)
		return v;
	/* Checked to be in range before; never convert what cannot fit. */
	if (json_at_double(j, arr, k, &d) == 0 && d > -9e18 && d < 9e18)
		return (int64_t)(d < 0 ? d - 0.5 : d + 0.5);
	return dflt;
}

static double
read_double(const struct json *j, int arr, int k)
{
	double d;

	/* Out of range or null: json_at_double fails, and the time is 0. */
	if (arr < 0 || k < 0 || json_at_double(j, arr, k, &d) == -1)
		d = 0;
	return d;
}

/* The string of ordered stack s (nstack: the empty one) into b. */
static void
string_into(struct emitter *e, struct ptables *tab, uint32_t s,
    struct buf *b)
{
	const char *p;
	size_t len;

	buf_reset(b);
	if (s != tab->nstack) {
		stack_string(e, tab, (int32_t)s, &p, &len);
		buf_add(b, p, len);
	}
	if (b->s == NULL)
		buf_grow(b, 1);
}

/*
 * The string id of stack s (1 up; equal ids, equal strings): the labels
 * are escaped (sp(5)), so no label holds the ';' that joins them, and two
 * stacks are spelled alike exactly when their parents are and their
 * frames' labels are.
 */
static uint32_t
string_id(struct emitter *e, struct ptables *tab, int32_t s)
{
	size_t depth = 0;
	uint32_t id;
	int32_t x;

	if (tab->sid == NULL) {
		struct strtab *labels = st_new();
		size_t n = 4;
		int added;

		tab->lid = xreallocarray(NULL, tab->nframe + 1,
		    sizeof(*tab->lid));
		for (uint32_t f = 0; f < tab->nframe; f++)
			tab->lid[f] = st_intern(labels, tab->labels.s +
			    tab->loff[f], tab->llen[f], &added);
		st_free(labels);
		tab->sid = xcalloc((size_t)tab->nstack + 1, sizeof(*tab->sid));
		while (n < (size_t)tab->nstack * 2)
			n <<= 1;
		tab->pkeys = xreallocarray(NULL, n, sizeof(*tab->pkeys));
		tab->pvals = xcalloc(n, sizeof(*tab->pvals));
		tab->pmask = n - 1;
	}
	for (x = s; x >= 0 && tab->sid[x] == 0; x = tab->prefix[x]) {
		xgrow(&e->walk, &e->walkcap, depth + 1, sizeof(*e->walk));
		e->walk[depth++] = (uint32_t)x;
	}
	id = x < 0 ? 0 : tab->sid[x];
	while (depth-- > 0) {
		uint32_t y = e->walk[depth];
		uint64_t key = (uint64_t)id << 32 | tab->lid[tab->frame[y]];
		size_t h = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 20) &
		    tab->pmask;

		while (tab->pvals[h] != 0 && tab->pkeys[h] != key)
			h = (h + 1) & tab->pmask;
		if (tab->pvals[h] == 0) {
			/* At most nstack ids: the slots stay half free. */
			tab->pkeys[h] = key;
			tab->pvals[h] = ++tab->nsid;
		}
		id = tab->sid[y] = tab->pvals[h];
	}
	return id;
}

/*
 * -c, direct: merge the thread's stacks that are spelled alike (distinct
 * stack indexes may spell the same stack: they differ in what sp does
 * not show) by their string ids, then write them in order.  Only the
 * strings written are built, one at a time, and none is kept: no cache
 * of every thread's strings (the tables' cache is for the samples of the
 * default).
 */
static void
write_direct(struct emitter *e, struct sw *w, struct sw_thread *st,
    struct ptables *tab)
{
	size_t mask = 1;

	while (mask < e->norder * 2)
		mask <<= 1;
	xgrow(&e->slot, &e->slotcap, mask, sizeof(*e->slot));
	xgrow(&e->hash, &e->hashcap, e->norder + 1, sizeof(*e->hash));
	memset(e->slot, 0xff, mask * sizeof(*e->slot));
	mask--;
	for (size_t k = 0; k < e->norder; k++) {
		uint32_t s = e->order[k];
		size_t h;

		/*
		 * Id 0: the empty string, of the empty stack and of a root
		 * frame with an empty label (any deeper stack has a ';').
		 */
		if (s == tab->nstack || (tab->prefix[s] < 0 &&
		    tab->llen[tab->frame[s]] == 0))
			e->hash[k] = 0;
		else
			e->hash[k] = string_id(e, tab, (int32_t)s);
		for (h = (size_t)((e->hash[k] * 0x9e3779b97f4a7c15ULL) >> 20) &
		    mask; e->slot[h] >= 0; h = (h + 1) & mask) {
			size_t f = (size_t)e->slot[h];
			uint32_t t = e->order[f];

			if (e->hash[f] != e->hash[k])
				continue;
			/* The same stack again: add it to the first. */
			e->acc[t].w = (int64_t)((uint64_t)e->acc[t].w +
			    (uint64_t)e->acc[s].w);
			e->acc[t].n += e->acc[s].n;
			e->acc[t].c = (int64_t)((uint64_t)e->acc[t].c +
			    (uint64_t)e->acc[s].c);
			if (e->acc[s].has == 2)
				e->acc[t].has = 2;
			if (e->acc[s].t < e->acc[t].t)
				e->acc[t].t = e->acc[s].t;
			e->acc[s].has = 3;	/* merged away */
			break;
		}
		if (e->slot[h] < 0)
			e->slot[h] = (int32_t)k;
	}
	for (size_t k = 0; k < e->norder; k++) {
		uint32_t s = e->order[k];

		if (e->acc[s].has != 3) {
			buf_reset(&e->arena);
			if (e->arena.s == NULL)
				buf_grow(&e->arena, 1);
			if (s != tab->nstack)
				append_stack(e, tab, (int32_t)s, &e->arena);
			sw_line(w, st, e->acc[s].t, e->acc[s].n, e->acc[s].w,
			    e->acc[s].has == 2 ? e->acc[s].c : -1,
			    e->arena.s, e->arena.len);
		}
		e->acc[s].has = 0;
	}
}

/* The packs of a processed thread's columns (NULL: none, or no pack). */
struct pcols {
	const struct json_pack *stack, *time, *weight, *cpu;
};

static void
pcols_of(const struct pthread *t, struct pcols *pc)
{
	memset(pc, 0, sizeof(*pc));
	if (t->kind != PK_PROCESSED)
		return;
	pc->stack = json_pack_of(t->j, t->stack);
	pc->time = json_pack_of(t->j, t->time >= 0 ? t->time : t->deltas);
	pc->weight = json_pack_of(t->j, t->weight);
	pc->cpu = json_pack_of(t->j, t->cpu);
}

/* read_int, straight from p when it is a pack of integers. */
static inline int64_t
col_int(const struct json *j, int arr, const struct json_pack *p, int k,
    int64_t dflt)
{
	int32_t x;

	if (p == NULL || p->width == 0)
		return read_int(j, arr, k, dflt);
	x = json_pack_int(j, p, k);
	return x == JSON_PACK_NULL32 ? dflt : x;
}

/* read_double, straight from p when it is a pack. */
static inline double
col_double(const struct json *j, int arr, const struct json_pack *p, int k)
{
	double d;

	if (p == NULL)
		return read_double(j, arr, k);
	if (p->width > 0) {
		int32_t x = json_pack_int(j, p, k);

		return x == JSON_PACK_NULL32 ? 0 : x;
	}
	d = j->pv[p->off + (size_t)k];
	return d != d ? 0 : d;
}

/*
 * Sample i of thread t (its packs in pc) into *s; samples are read in
 * order (*time and *row carry what the next needs).
 */
static void
read_sample(const struct pthread *t, const struct pcols *pc, uint32_t i,
    struct psample *s, double *time, int *row)
{
	const struct json *j = t->j;

	if (t->kind == PK_ARRAY) {
		s->stack = t->astack[i];
		s->time = t->atime[i] + t->time_offset;
		s->weight = t->aweight[i];
		s->cpu = t->acpu[i];
	} else if (t->kind == PK_PROCESSED) {
		int k = (int)i;

		s->stack = (int32_t)col_int(j, t->stack, pc->stack, k, -1);
		if (t->time >= 0)
			*time = col_double(j, t->time, pc->time, k);
		else
			*time += col_double(j, t->deltas, pc->time, k);
		s->time = *time + t->time_offset;
		s->weight = t->weight >= 0 ?
		    col_int(j, t->weight, pc->weight, k, 1) : 1;
		if (t->cpu_mult == 0 || t->cpu < 0)
			s->cpu = -1;
		else if (i == 0)
			s->cpu = 0;
		else
			s->cpu = col_int(j, t->cpu, pc->cpu, k, 0) *
			    t->cpu_mult;
	} else {
		*row = *row < 0 ? t->rows + 1 : json_next(j, *row);
		s->stack = (int32_t)read_int(j, *row, t->cstack, -1);
		s->time = read_double(j, *row, t->ctime) + t->time_offset;
		s->weight = 1;
		if (t->cpu_mult == 0 || t->ccpu < 0)
			s->cpu = -1;
		else if (i == 0)
			s->cpu = 0;
		else
			s->cpu = read_int(j, *row, t->ccpu, 0) * t->cpu_mult;
	}
}

/*
 * Start loading the cached string of stack s, which the next sample
 * writes: the cache holds megabytes of strings, in no order the samples
 * follow, and the copy would otherwise wait for memory.
 */
static void
prefetch_stack(const struct ptables *tab, int32_t s)
{
	const char *p;

	if (s < 0 || (size_t)s >= tab->nstack || tab->soff == NULL ||
	    tab->soff[s] == UINT64_MAX)
		return;
	p = tab->stacks.s + tab->soff[s];
	for (size_t o = 0; o < tab->slen[s]; o += 64)
		__builtin_prefetch(p + o);
}

/*
 * The stack index of sample k, where it can be read out of order (packs
 * and arrays), else -1: for prefetch_stack some samples ahead.
 */
static inline int32_t
stack_ahead(const struct pthread *t, const struct pcols *pc, uint32_t k)
{
	int32_t x;

	if (k >= t->n)
		return -1;
	if (t->kind == PK_ARRAY)
		return t->astack[k];
	if (pc->stack == NULL || pc->stack->width == 0)
		return -1;
	x = json_pack_int(t->j, pc->stack, (int)k);
	return x == JSON_PACK_NULL32 ? -1 : x;
}

/*
 * How many samples ahead the default mode starts loading a stack string:
 * a string is some hundred bytes that memory takes longer to deliver
 * than one sample takes to write.
 */
#define STACK_AHEAD	6

static void
emit_thread(struct emitter *e, struct sw *w, const struct pthread *t,
    const struct reader_opts *o)
{
	struct ptables *tab = t->tab;
	struct sw_thread *st;
	struct psample next;
	const char *sp = "";
	size_t slen = 0;
	double time = 0;
	int32_t last = -2;
	int row = -1, ahead;
	struct pcols pc;

	st = sw_thread(w, t->process, t->pid, t->name, t->tid);
	if (st == NULL)
		return;
	/* Slot nstack stands for the empty stack. */
	if (o->collapse && tab->nstack + 1 > e->ccap) {
		size_t old = e->ccap;

		xgrow(&e->acc, &e->ccap, tab->nstack + 1, sizeof(*e->acc));
		e->order = xreallocarray(e->order, e->ccap, sizeof(*e->order));
		/* has == 0: stack s not seen yet in this thread */
		for (size_t k = old; k < e->ccap; k++)
			e->acc[k].has = 0;
	}
	e->norder = 0;
	pcols_of(t, &pc);
	ahead = t->kind == PK_ARRAY || (pc.stack != NULL &&
	    pc.stack->width > 0);
	if (t->n > 0)
		read_sample(t, &pc, 0, &next, &time, &row);
	for (uint32_t i = 0; i < t->n; i++) {
		struct psample s = next;
		struct cacc *a;

		if (i + 1 < t->n) {
			read_sample(t, &pc, i + 1, &next, &time, &row);
			if (o->collapse && next.stack >= 0)
				__builtin_prefetch(&e->acc[next.stack]);
			else if (!o->collapse) {
				int32_t ah = ahead ? stack_ahead(t, &pc,
				    i + STACK_AHEAD) : next.stack;

				if (ah != s.stack)
					prefetch_stack(tab, ah);
			}
		}
		if (o->list_threads) {
			sw_sample(w, st, s.time, s.weight, s.cpu, "", 0);
			continue;
		}
		if (o->collapse) {
			if (!sw_time_ok(w, s.time))
				continue;
			if (s.stack < 0)
				s.stack = (int32_t)tab->nstack;
			a = &e->acc[s.stack];
			if (a->has == 0) {
				a->has = 1;
				a->w = a->c = a->n = 0;
				a->t = s.time;
				e->order[e->norder++] = (uint32_t)s.stack;
			}
			a->w = (int64_t)((uint64_t)a->w + (uint64_t)s.weight);
			a->n++;
			if (s.cpu >= 0) {
				a->c = (int64_t)((uint64_t)a->c +
				    (uint64_t)s.cpu);
				a->has = 2;
			}
			if (s.time < a->t)
				a->t = s.time;
			continue;
		}
		if (s.stack < 0) {
			sw_sample(w, st, s.time, s.weight, s.cpu, "", 0);
			continue;
		}
		if (s.stack != last) {
			stack_string(e, tab, s.stack, &sp, &slen);
			last = s.stack;
		}
		sw_sample(w, st, s.time, s.weight, s.cpu, sp, slen);
	}
	if (!o->collapse)
		return;
	if (e->direct) {
		write_direct(e, w, st, tab);
		return;
	}
	for (size_t k = 0; k < e->norder; k++) {
		uint32_t s = e->order[k];

		string_into(e, tab, s, &e->stack);
		sw_samples(w, st, e->acc[s].t, e->acc[s].n, e->acc[s].w,
		    e->acc[s].has == 2 ? e->acc[s].c : -1, e->stack.s,
		    e->stack.len);
		e->acc[s].has = 0;
	}
}

/*
 * Thread t's samples into arrays of its own (PK_ARRAY), read as the
 * emitter would read them, so that they no longer need the JSON text.
 */
static void
to_array(struct pthread *t)
{
	struct psample s;
	double time = 0;
	int row = -1;
	size_t n = t->n > 0 ? t->n : 1;
	int32_t *astack = xreallocarray(NULL, n, sizeof(*astack));
	double *atime = xreallocarray(NULL, n, sizeof(*atime));
	int64_t *aweight = xreallocarray(NULL, n, sizeof(*aweight));
	int64_t *acpu = xreallocarray(NULL, n, sizeof(*acpu));
	struct pcols pc;

	pcols_of(t, &pc);
	for (uint32_t i = 0; i < t->n; i++) {
		read_sample(t, &pc, i, &s, &time, &row);
		astack[i] = s.stack;
		atime[i] = time;	/* s.time less the offset, exactly */
		aweight[i] = s.weight;
		acpu[i] = s.cpu;
	}
	t->astack = astack;
	t->atime = atime;
	t->aweight = aweight;
	t->acpu = acpu;
	t->acap = n;
	t->kind = PK_ARRAY;
}

/* Does thread t read the text of its document (not only packs)? */
static int
reads_text(const struct pthread *t)
{
	const int col[] = { t->stack, t->time, t->deltas, t->weight, t->cpu };

	if (t->kind != PK_PROCESSED)
		return 0;
	for (size_t k = 0; k < SP_NELEM(col); k++)
		if (col[k] >= 0 && json_pack_of(t->j, col[k]) == NULL)
			return 1;
	return 0;
}

/*
 * Every thread prepared: give back the pages of the input's text when
 * nothing reads it any more.  A processed profile's sample columns are
 * packs (json.h) but for short ones, whose few samples are copied out
 * first; the labels and names are copies already.  Gecko samples are rows
 * of tokens: then the text stays.
 */
static void
discard_text(struct pctx *c, const struct pinput *in)
{
	for (size_t i = 0; i < c->nth; i++)
		if (c->th[i].kind == PK_GECKO)
			return;
	for (size_t i = 0; i < c->nth; i++)
		if (reads_text(&c->th[i]))
			to_array(&c->th[i]);
	big_discard((void *)(uintptr_t)in->data, in->len);
}

static void
run_cleanup(struct pctx *c)
{
	void (*f)(void *) = c->cleanup;

	c->cleanup = NULL;
	if (f != NULL)
		f(c->cleanup_arg);
}

int
profile_run(const struct pinput *in, const char *name, struct sw *w,
    const struct reader_opts *o,
    void (*prepare)(struct pctx *, const struct pinput *))
{
	struct pctx *c = xcalloc(1, sizeof(*c));
	struct emitter e;
	int rc = -1;

	memset(&e, 0, sizeof(e));
	c->name = name;
	c->o = o;
	c->w = w;
	c->weight_type = "samples";
	if (setjmp(c->fail)) {
		warnx("%s: %s", name, c->msg);
		goto out;
	}
	prepare(c, in);
	run_cleanup(c);
	if (in->discard && in->j != NULL)
		discard_text(c, in);
	/* Each table's strings go when the last thread using it is written. */
	for (size_t i = 0; i < c->nth; i++)
		if (c->th[i].tab != NULL)
			c->th[i].tab->last = i;

	/* -c: can each thread's lines go out when it ends? */
	if (o->collapse && o->single_input) {
		struct strtab *ids = st_new();
		struct buf k = {0};

		e.direct = 1;
		for (size_t i = 0; i < c->nth && e.direct; i++) {
			const struct pthread *t = &c->th[i];
			int added;

			buf_reset(&k);
			buf_printf(&k, "%s\t%s\t%s\t%s", t->process ? t->process :
			    "", t->pid ? t->pid : "", t->name ? t->name : "",
			    t->tid ? t->tid : "");
			st_intern(ids, k.s, k.len, &added);
			e.direct = added;
		}
		buf_free(&k);
		st_free(ids);
	}

	/* Everything checked: now write. */
	sw_source(w, name, c->format);
	for (size_t i = 0; i < c->nlibs; i++)
		sw_lib(w, &c->libs[i]);
	sw_units(w, c->weight_type, c->any_cpu ? "ns" : "none");
	for (size_t i = 0; i < c->nth; i++) {
		emit_thread(&e, w, &c->th[i], o);
		if (c->th[i].tab != NULL && c->th[i].tab->last == i)
			pfree_tables(c->th[i].tab);
	}
	rc = 0;
out:
	run_cleanup(c);
	pfree_ctx(c);
	free(c);
	buf_free(&e.stack);
	buf_free(&e.build);
	free(e.walk);
	free(e.acc);
	free(e.order);
	buf_free(&e.arena);
	free(e.hash);
	free(e.slot);
	return rc;
}

