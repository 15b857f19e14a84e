/*
 * profile_build.c: tables and stored samples for the readers whose input
 * spells every stack out (profile_impl.h): pprof, .cpuprofile, speedscope.
 */
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "read/profile_impl.h"
#include "base/strtab.h"
#include "base/util.h"

/* More stacks than this cannot be indexed by the emitter's int32_t. */
#define PTB_MAX_STACKS	((size_t)INT32_MAX - 1)

void
ptb_init(struct pctx *c, struct ptbuild *b)
{
	memset(b, 0, sizeof(*b));
	b->tab = pnew_tables(c);
	b->labels = st_new();
	b->mask = 1023;
	b->keys = xreallocarray(NULL, b->mask + 1, sizeof(*b->keys));
	b->vals = xreallocarray(NULL, b->mask + 1, sizeof(*b->vals));
	memset(b->vals, 0xff, (b->mask + 1) * sizeof(*b->vals));
}

uint32_t
ptb_frame(struct ptbuild *b, const char *s, size_t n)
{
	struct ptables *tab = b->tab;
	struct buf *e = &b->esc;
	uint32_t f;
	int added;

	buf_reset(e);
	esc_append(e, s, n);
	f = st_intern(b->labels, e->s != NULL ? e->s : "", e->len, &added);
	if (added) {
		xgrow(&tab->loff, &b->framecap, f + 1, sizeof(*tab->loff));
		tab->llen = xreallocarray(tab->llen, b->framecap,
		    sizeof(*tab->llen));
		tab->loff[f] = (uint32_t)tab->labels.len;
		tab->llen[f] = (uint32_t)e->len;
		buf_add(&tab->labels, e->s, e->len);
		tab->nframe = f + 1;
	}
	return f;
}

static inline size_t
slot_of(uint64_t key, size_t mask)
{
	key ^= key >> 31;
	key *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(key >> 17) & mask;
}

static void
rehash(struct ptbuild *b)
{
	size_t nmask = b->mask * 2 + 1;
	uint64_t *k = xreallocarray(NULL, nmask + 1, sizeof(*k));
	int32_t *v = xreallocarray(NULL, nmask + 1, sizeof(*v));

	memset(v, 0xff, (nmask + 1) * sizeof(*v));
	for (size_t i = 0; i <= b->mask; i++) {
		size_t h;

		if (b->vals[i] < 0)
			continue;
		for (h = slot_of(b->keys[i], nmask); v[h] >= 0;
		    h = (h + 1) & nmask)
			;
		k[h] = b->keys[i];
		v[h] = b->vals[i];
	}
	free(b->keys);
	free(b->vals);
	b->keys = k;
	b->vals = v;
	b->mask = nmask;
}

int32_t
ptb_stack(struct pctx *c, struct ptbuild *b, int32_t parent, uint32_t f)
{
	struct ptables *tab = b->tab;
	uint64_t key = (uint64_t)(uint32_t)(parent + 1) << 32 | f;
	size_t h;
	int32_t s;

	for (h = slot_of(key, b->mask); b->vals[h] >= 0; h = (h + 1) & b->mask)
		if (b->keys[h] == key)
			return b->vals[h];
	if (tab->nstack >= PTB_MAX_STACKS)
		pfail(c, "more than %zu distinct stacks", PTB_MAX_STACKS);
	s = (int32_t)tab->nstack++;
	xgrow(&tab->prefix, &b->stackcap, tab->nstack, sizeof(*tab->prefix));
	tab->frame = xreallocarray(tab->frame, b->stackcap,
	    sizeof(*tab->frame));
	tab->prefix[s] = parent;
	tab->frame[s] = f;
	b->keys[h] = key;
	b->vals[h] = s;
	if (tab->nstack * 2 > b->mask)
		rehash(b);
	return s;
}

void
ptb_free(struct ptbuild *b)
{
	/* b->tab belongs to the context, which frees it. */
	st_free(b->labels);
	buf_free(&b->esc);
	free(b->keys);
	free(b->vals);
	memset(b, 0, sizeof(*b));
}

static char *
dup_or_null(const char *s)
{
	return s == NULL ? NULL : xstrdup(s);
}

struct pthread *
pnew_array_thread(struct pctx *c, struct ptables *tab, const char *process,
    const char *pid, const char *name, const char *tid)
{
	struct pthread *t = pnew_thread(c);

	t->kind = PK_ARRAY;
	t->tab = tab;
	t->process = dup_or_null(process);
	t->pid = dup_or_null(pid);
	t->name = dup_or_null(name);
	t->tid = dup_or_null(tid);
	return t;
}

void
padd_sample(struct pthread *t, int32_t stack, double time, int64_t weight,
    int64_t cpu)
{
	if (t->n == UINT32_MAX)
		return;		/* readers refuse as many samples before */
	if (t->n >= t->acap) {
		size_t cap = t->acap;

		xgrow(&t->astack, &cap, (size_t)t->n + 1, sizeof(*t->astack));
		t->atime = xreallocarray(t->atime, cap, sizeof(*t->atime));
		t->aweight = xreallocarray(t->aweight, cap,
		    sizeof(*t->aweight));
		t->acpu = xreallocarray(t->acpu, cap, sizeof(*t->acpu));
		t->acap = cap;
	}
	t->astack[t->n] = stack;
	t->atime[t->n] = time;
	t->aweight[t->n] = weight;
	t->acpu[t->n] = cpu;
	t->n++;
}

void
pidmap_init(struct pidmap *m, size_t n)
{
	size_t cap = 16;

	while (cap < n * 2)
		cap <<= 1;
	m->mask = cap - 1;
	m->ids = xreallocarray(NULL, cap, sizeof(*m->ids));
	m->idx = xreallocarray(NULL, cap, sizeof(*m->idx));
	memset(m->idx, 0xff, cap * sizeof(*m->idx));
}

static size_t
idslot(const struct pidmap *m, uint64_t id)
{
	size_t s = (size_t)((id * 0x9e3779b97f4a7c15ULL) >> 20) & m->mask;

	while (m->idx[s] != UINT32_MAX && m->ids[s] != id)
		s = (s + 1) & m->mask;
	return s;
}

int
pidmap_add(struct pidmap *m, uint64_t id, uint32_t i)
{
	size_t s = idslot(m, id);

	if (m->idx[s] != UINT32_MAX)
		return -1;
	m->ids[s] = id;
	m->idx[s] = i;
	return 0;
}

int64_t
pidmap_get(const struct pidmap *m, uint64_t id)
{
	size_t s;

	if (m->ids == NULL)
		return -1;
	s = idslot(m, id);
	return m->idx[s] == UINT32_MAX ? -1 : (int64_t)m->idx[s];
}

void
pidmap_free(struct pidmap *m)
{
	free(m->ids);
	free(m->idx);
	memset(m, 0, sizeof(*m));
}
