/*
 * profile.c: what the whole-file readers share (profile_impl.h): their
 * context, threads and tables, the helpers they call, and the emitter that
 * writes the samples of their prepared threads once all is checked.
 */
#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "read/profile_impl.h"
#include "base/strtab.h"
#include "base/util.h"

void
pfail(struct pctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof(c->msg), fmt, ap);
	va_end(ap);
	longjmp(c->fail, 1);
}

struct pthread *
pnew_thread(struct pctx *c)
{
	struct pthread *t;

	xgrow(&c->th, &c->thcap, c->nth + 1, sizeof(*c->th));
	t = &c->th[c->nth++];
	memset(t, 0, sizeof(*t));
	t->stack = t->time = t->deltas = t->weight = t->cpu = -1;
	t->rows = t->cstack = t->ctime = t->ccpu = -1;
	return t;
}

struct ptables *
pnew_tables(struct pctx *c)
{
	struct ptables *tab = xcalloc(1, sizeof(*tab));

	xgrow(&c->tabs, &c->tabscap, c->ntabs + 1, sizeof(*c->tabs));
	c->tabs[c->ntabs++] = tab;
	return tab;
}

static char *
dup_or_null(const char *s)
{
	return s == NULL ? NULL : xstrdup(s);
}

void
padd_lib(struct pctx *c, const struct lib_info *l)
{
	struct lib_info *d;

	xgrow(&c->libs, &c->libscap, c->nlibs + 1, sizeof(*c->libs));
	d = &c->libs[c->nlibs++];
	d->name = dup_or_null(l->name);
	d->path = dup_or_null(l->path);
	d->debug_name = dup_or_null(l->debug_name);
	d->debug_path = dup_or_null(l->debug_path);
	d->code_id = dup_or_null(l->code_id);
	d->breakpad_id = dup_or_null(l->breakpad_id);
	d->arch = dup_or_null(l->arch);
	d->fileoff = l->fileoff;
}

char *
pstrdup(struct pctx *c, const struct json *j, int tok)
{
	if (tok < 0 || json_is_null(j, tok))
		return NULL;
	if (json_is_string(j, tok)) {
		if (json_str(j, tok, &c->tmp) == -1)
			pfail(c, "bad string escape at byte %d", j->t[tok].start);
		return xmemdup(c->tmp.s, c->tmp.len);
	}
	if (j->t[tok].type == JSMN_PRIMITIVE)
		return xmemdup(j->s + j->t[tok].start,
		    (size_t)(j->t[tok].end - j->t[tok].start));
	return NULL;
}

char *
pread_lib(struct pctx *c, const struct json *j, int x, int gecko)
{
	struct lib_info l = {0};
	char *f[7], *name;

	f[0] = pstrdup(c, j, json_get(j, x, "name"));
	if (gecko && (f[0] == NULL || f[0][0] == '\0')) {
		/* Gecko: a library without a name goes by its debug name. */
		free(f[0]);
		f[0] = pstrdup(c, j, json_get(j, x, "debugName"));
		if (f[0] == NULL)
			f[0] = pstrdup(c, j, json_get(j, x, "pdbName"));
	}
	f[1] = pstrdup(c, j, json_get(j, x, "path"));
	f[2] = pstrdup(c, j, json_get(j, x, "debugName"));
	if (f[2] == NULL)
		f[2] = pstrdup(c, j, json_get(j, x, "pdbName"));
	f[3] = pstrdup(c, j, json_get(j, x, "debugPath"));
	f[4] = pstrdup(c, j, json_get(j, x, "codeId"));
	f[5] = pstrdup(c, j, json_get(j, x, "breakpadId"));
	f[6] = pstrdup(c, j, json_get(j, x, "arch"));
	/* Old profiles put the path in the name. */
	if (f[1] == NULL && f[0] != NULL && strchr(f[0], '/') != NULL)
		f[1] = xstrdup(f[0]);
	name = xstrdup(f[0] != NULL ? pbasename(f[0]) : "");
	l.name = name;
	l.path = f[1];
	l.debug_name = f[2];
	l.debug_path = f[3];
	l.code_id = f[4];
	l.breakpad_id = f[5];
	l.arch = f[6];
	padd_lib(c, &l);
	for (int k = 0; k < 7; k++)
		free(f[k]);
	return name;
}

const char *
pbasename(const char *p)
{
	const char *s = strrchr(p, '/'), *b = strrchr(p, '\\');

	if (b != NULL && (s == NULL || b > s))
		s = b;
	return s == NULL ? p : s + 1;
}

static void
free_ctx(struct pctx *c)
{
	for (size_t i = 0; i < c->nth; i++) {
		free(c->th[i].process);
		free(c->th[i].pid);
		free(c->th[i].name);
		free(c->th[i].tid);
		free(c->th[i].astack);
		free(c->th[i].atime);
		free(c->th[i].aweight);
		free(c->th[i].acpu);
	}
	free(c->th);
	for (size_t i = 0; i < c->ntabs; i++) {
		free(c->tabs[i]->prefix);
		free(c->tabs[i]->frame);
		free(c->tabs[i]->loff);
		free(c->tabs[i]->llen);
		buf_free(&c->tabs[i]->labels);
		free(c->tabs[i]->soff);
		free(c->tabs[i]->slen);
		buf_free(&c->tabs[i]->stacks);
		free(c->tabs[i]);
	}
	free(c->tabs);
	for (size_t i = 0; i < c->ndocs; i++) {
		json_free(c->docs[i]);
		free(c->docs[i]);
		free(c->docbufs[i]);
	}
	free(c->docs);
	free(c->docbufs);
	for (size_t i = 0; i < c->nlibs; i++) {
		struct lib_info *l = &c->libs[i];

		free((char *)l->name);
		free((char *)l->path);
		free((char *)l->debug_name);
		free((char *)l->debug_path);
		free((char *)l->code_id);
		free((char *)l->breakpad_id);
		free((char *)l->arch);
	}
	free(c->libs);
	buf_free(&c->tmp);
}

/* --- Writing the samples of the prepared threads --- */

struct emitter {
	struct buf build;	/* build_stack's result */
	struct buf stack;
	uint32_t *walk;
	size_t	 walkcap;
	/* collapse: per stack index of the current thread */
	int64_t	*cw, *cc, *cn;	/* weight, cpu, samples */
	double	*ct;
	uint8_t	*chas;
	uint32_t *order;
	size_t	 norder, ccap;
	/*
	 * direct: with -c, the lines of a thread go out as soon as it ends
	 * (sw_line), merged here by their string; possible when no other
	 * thread or input can have the same process, pid, thread and tid.
	 */
	int	 direct;
	struct buf other;
	uint64_t *hash;
	int32_t	*slot;
	size_t	 hashcap, slotcap;
};

/* Build the stack string of stack index s into e->build. */
static void
build_stack(struct emitter *e, const struct ptables *tab, int32_t s)
{
	size_t depth = 0;

	buf_reset(&e->build);
	for (int32_t x = s; x >= 0; x = tab->prefix[x]) {
		xgrow(&e->walk, &e->walkcap, depth + 1, sizeof(*e->walk));
		e->walk[depth++] = tab->frame[x];
	}
	while (depth-- > 0) {
		uint32_t f = e->walk[depth];

		buf_add(&e->build, tab->labels.s + tab->loff[f], tab->llen[f]);
		if (depth > 0)
			buf_addc(&e->build, ';');
	}
	if (e->build.s == NULL)
		buf_grow(&e->build, 1);
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
 * -c, direct: merge the thread's stacks whose strings are equal (distinct
 * stack indexes may spell the same stack), then write them in order.
 */
static void
write_direct(struct emitter *e, struct sw *w, struct sw_thread *st,
    struct ptables *tab)
{
	size_t mask = 1;

	while (mask < e->norder * 2)
		mask <<= 1;
	xgrow(&e->slot, &e->slotcap, mask, sizeof(*e->slot));
	xgrow(&e->hash, &e->hashcap, e->norder, sizeof(*e->hash));
	memset(e->slot, 0xff, mask * sizeof(*e->slot));
	mask--;
	for (size_t k = 0; k < e->norder; k++) {
		uint32_t s = e->order[k];
		size_t h;

		string_into(e, tab, s, &e->stack);
		e->hash[k] = hash_bytes(e->stack.s, e->stack.len);
		for (h = e->hash[k] & mask; e->slot[h] >= 0; h = (h + 1) & mask) {
			size_t f = (size_t)e->slot[h];
			uint32_t t = e->order[f];

			if (e->hash[f] != e->hash[k])
				continue;
			string_into(e, tab, t, &e->other);
			if (e->other.len != e->stack.len ||
			    memcmp(e->other.s, e->stack.s, e->stack.len) != 0)
				continue;
			/* The same stack again: add it to the first. */
			e->cw[t] = (int64_t)((uint64_t)e->cw[t] +
			    (uint64_t)e->cw[s]);
			e->cn[t] += e->cn[s];
			e->cc[t] = (int64_t)((uint64_t)e->cc[t] +
			    (uint64_t)e->cc[s]);
			if (e->chas[s] == 2)
				e->chas[t] = 2;
			if (e->ct[s] < e->ct[t])
				e->ct[t] = e->ct[s];
			e->chas[s] = 3;		/* merged away */
			break;
		}
		if (e->slot[h] < 0)
			e->slot[h] = (int32_t)k;
	}
	for (size_t k = 0; k < e->norder; k++) {
		uint32_t s = e->order[k];

		if (e->chas[s] != 3) {
			string_into(e, tab, s, &e->stack);
			sw_line(w, st, e->ct[s], e->cn[s], e->cw[s],
			    e->chas[s] == 2 ? e->cc[s] : -1, e->stack.s,
			    e->stack.len);
		}
		e->chas[s] = 0;
	}
}

/*
 * Sample i of thread t into *s; samples are read in order (*time and *row
 * carry what the next needs).
 */
static void
read_sample(const struct pthread *t, uint32_t i, struct psample *s,
    double *time, int *row)
{
	const struct json *j = t->j;

	if (t->kind == PK_ARRAY) {
		s->stack = t->astack[i];
		s->time = t->atime[i] + t->time_offset;
		s->weight = t->aweight[i];
		s->cpu = t->acpu[i];
	} else if (t->kind == PK_PROCESSED) {
		int k = (int)i;

		s->stack = (int32_t)read_int(j, t->stack, k, -1);
		if (t->time >= 0)
			*time = read_double(j, t->time, k);
		else
			*time += read_double(j, t->deltas, k);
		s->time = *time + t->time_offset;
		s->weight = t->weight >= 0 ? read_int(j, t->weight, k, 1) : 1;
		if (t->cpu_mult == 0 || t->cpu < 0)
			s->cpu = -1;
		else if (i == 0)
			s->cpu = 0;
		else
			s->cpu = read_int(j, t->cpu, k, 0) * t->cpu_mult;
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
	int row = -1;

	st = sw_thread(w, t->process, t->pid, t->name, t->tid);
	if (st == NULL)
		return;
	/* Slot nstack stands for the empty stack. */
	if (o->collapse && tab->nstack + 1 > e->ccap) {
		size_t old = e->ccap;

		xgrow(&e->cw, &e->ccap, tab->nstack + 1, sizeof(*e->cw));
		e->cc = xreallocarray(e->cc, e->ccap, sizeof(*e->cc));
		e->cn = xreallocarray(e->cn, e->ccap, sizeof(*e->cn));
		e->ct = xreallocarray(e->ct, e->ccap, sizeof(*e->ct));
		e->chas = xreallocarray(e->chas, e->ccap, sizeof(*e->chas));
		e->order = xreallocarray(e->order, e->ccap, sizeof(*e->order));
		/* chas[s] == 0: stack s not seen yet in this thread */
		memset(e->chas + old, 0, e->ccap - old);
	}
	e->norder = 0;
	if (t->n > 0)
		read_sample(t, 0, &next, &time, &row);
	for (uint32_t i = 0; i < t->n; i++) {
		struct psample s = next;

		if (i + 1 < t->n) {
			read_sample(t, i + 1, &next, &time, &row);
			if (!o->collapse && next.stack != s.stack)
				prefetch_stack(tab, next.stack);
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
			if (e->chas[s.stack] == 0) {
				e->chas[s.stack] = 1;
				e->cw[s.stack] = 0;
				e->cc[s.stack] = 0;
				e->cn[s.stack] = 0;
				e->ct[s.stack] = s.time;
				e->order[e->norder++] = (uint32_t)s.stack;
			}
			e->cw[s.stack] = (int64_t)((uint64_t)e->cw[s.stack] +
			    (uint64_t)s.weight);
			e->cn[s.stack]++;
			if (s.cpu >= 0) {
				e->cc[s.stack] = (int64_t)((uint64_t)e->cc[s.stack] +
				    (uint64_t)s.cpu);
				e->chas[s.stack] = 2;
			}
			if (s.time < e->ct[s.stack])
				e->ct[s.stack] = s.time;
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
		sw_samples(w, st, e->ct[s], e->cn[s], e->cw[s],
		    e->chas[s] == 2 ? e->cc[s] : -1, e->stack.s, e->stack.len);
		e->chas[s] = 0;
	}
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
	for (size_t i = 0; i < c->nth; i++)
		emit_thread(&e, w, &c->th[i], o);
	rc = 0;
out:
	run_cleanup(c);
	free_ctx(c);
	free(c);
	buf_free(&e.stack);
	buf_free(&e.build);
	free(e.walk);
	free(e.cw);
	free(e.cc);
	free(e.cn);
	free(e.ct);
	free(e.chas);
	free(e.order);
	buf_free(&e.other);
	free(e.hash);
	free(e.slot);
	return rc;
}
