/*
 * calltree.c: the call tree of calltree.h.  Children are found through one
 * open-addressing table keyed by (parent, frame) for the whole tree, so a
 * node costs its struct and a slot, and a node of many children (a root of
 * the inverted tree) is found as fast as one of few.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "agg/calltree.h"
#include "base/util.h"

static inline size_t
slot_of(uint32_t parent, uint32_t frame)
{
	uint64_t h = ((uint64_t)parent << 32 | frame) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 29);
}

struct calltree *
ct_new(void)
{
	struct calltree *t = xcalloc(1, sizeof(*t));

	t->frames = st_new();
	t->cap = 1024;
	t->node = xreallocarray(NULL, t->cap, sizeof(*t->node));
	memset(&t->node[0], 0, sizeof(t->node[0]));
	t->node[0].frame = UINT32_MAX;
	t->n = 1;
	t->mask = 2047;
	t->slot = xcalloc(t->mask + 1, sizeof(*t->slot));
	return t;
}

void
ct_free(struct calltree *t)
{
	if (t == NULL)
		return;
	st_free(t->frames);
	free(t->last);
	free(t->lastid);
	free(t->node);
	free(t->slot);
	free(t);
}

uint32_t
ct_frame(struct calltree *t, const char *s, size_t n)
{
	return st_intern(t->frames, s, n, NULL);
}

/* Double the table: every node but 0 is reinserted. */
static void
rehash(struct calltree *t)
{
	size_t mask = t->mask * 2 + 1;
	struct ct_slot *slot = xcalloc(mask + 1, sizeof(*slot));

	for (size_t j = 0; j <= t->mask; j++) {
		size_t i;

		if (t->slot[j].v1 == 0)
			continue;
		i = slot_of(t->slot[j].parent, t->slot[j].frame) & mask;
		while (slot[i].v1 != 0)
			i = (i + 1) & mask;
		slot[i] = t->slot[j];
	}
	free(t->slot);
	t->slot = slot;
	t->mask = mask;
}

uint32_t
ct_child(struct calltree *t, uint32_t parent, uint32_t frame)
{
	size_t i = slot_of(parent, frame) & t->mask;
	struct ct_node *p;
	uint32_t v;

	for (; t->slot[i].v1 != 0; i = (i + 1) & t->mask)
		if (t->slot[i].frame == frame && t->slot[i].parent == parent)
			return t->slot[i].v1 - 1;
	if (t->n >= UINT32_MAX - 1)
		errx(1, "more than %u call tree nodes", UINT32_MAX - 2);
	xgrow(&t->node, &t->cap, t->n + 1, sizeof(*t->node));
	v = (uint32_t)t->n++;
	memset(&t->node[v], 0, sizeof(t->node[v]));
	t->node[v].frame = frame;
	t->node[v].parent = parent;
	p = &t->node[parent];
	t->node[v].sibling = p->child;
	p->child = v;
	t->slot[i].v1 = v + 1;
	t->slot[i].frame = frame;
	t->slot[i].parent = parent;
	if (t->n * 2 > t->mask)
		rehash(t);
	return v;
}

void
ct_add_path(struct calltree *t, const uint32_t *frames, size_t n, int64_t w,
    int64_t c, uint32_t *ids)
{
	uint32_t v = 0;
	size_t k = 0;

	/*
	 * Stacks in a stream come in runs that share their outer frames: the
	 * nodes of the common prefix with the previous path are known.
	 */
	while (k < n && k < t->nlast && frames[k] == t->last[k])
		k++;
	xgrow(&t->last, &t->lastcap, n, sizeof(*t->last));
	xgrow(&t->lastid, &t->lastidcap, n, sizeof(*t->lastid));
	for (size_t i = 0; i < n; i++) {
		if (i < k)
			v = t->lastid[i];
		else {
			v = ct_child(t, v, frames[i]);
			t->last[i] = frames[i];
			t->lastid[i] = v;
		}
		/* Cannot overflow: no node holds more than all samples. */
		t->node[v].total += w;
		t->node[v].cpu_total += c;
		ids[i] = v;
	}
	t->nlast = n;
}

static const struct calltree *sort_tree;

static int
child_cmp(const void *pa, const void *pb)
{
	const struct ct_node *a = &sort_tree->node[*(const uint32_t *)pa];
	const struct ct_node *b = &sort_tree->node[*(const uint32_t *)pb];
	const char *sa, *sb;
	size_t na, nb;
	int c;

	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	sa = st_str(sort_tree->frames, a->frame, &na);
	sb = st_str(sort_tree->frames, b->frame, &nb);
	c = memcmp(sa, sb, na < nb ? na : nb);
	if (c != 0)
		return c;
	return na < nb ? -1 : na > nb;
}

size_t
ct_children(const struct calltree *t, uint32_t v, int64_t min,
    uint32_t **out, size_t *cap)
{
	size_t n = 0;

	for (uint32_t c = t->node[v].child; c != 0; c = t->node[c].sibling) {
		if (t->node[c].total < min)
			continue;
		xgrow(out, cap, n + 1, sizeof(**out));
		(*out)[n++] = c;
	}
	sort_tree = t;
	if (n > 1)
		qsort(*out, n, sizeof(**out), child_cmp);
	return n;
}
