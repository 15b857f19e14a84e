/*
 * flame_layout.c: stacks -> frames, with flamegraph.pl's geometry.
 *
 * flamegraph.pl sorts the input lines as strings (the whole line: frames,
 * whitespace, count), then walks them in order keeping the frames of the
 * previous stack "open": a frame that the next stack shares (same name at
 * the same depth, all the way from the root) grows, the others end and
 * become boxes.  So a frame is drawn once for each run of consecutive
 * lines that share it, and a name with a byte below ';' after a common
 * prefix can split a frame into two sibling boxes; we keep that, because
 * the point is to draw the same picture.
 *
 * A box narrower than the minimum width is dropped as it ends, before it
 * is stored: what is kept is bounded by what is drawn.
 */
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "flame/flame.h"
#include "base/util.h"

/* Compare a1 ++ a2 with b1 ++ b2, bytes as unsigned. */
static int
cmp_concat(const char *a1, size_t n1, const char *a2, size_t n2,
    const char *b1, size_t m1, const char *b2, size_t m2)
{
	for (;;) {
		size_t k;
		int c;

		if (n1 == 0 && n2 > 0) {
			a1 = a2, n1 = n2;
			n2 = 0;
		}
		if (m1 == 0 && m2 > 0) {
			b1 = b2, m1 = m2;
			m2 = 0;
		}
		if (n1 == 0 || m1 == 0)
			return n1 == 0 ? (m1 == 0 ? 0 : -1) : 1;
		k = n1 < m1 ? n1 : m1;
		if ((c = memcmp(a1, b1, k)) != 0)
			return c;
		a1 += k, n1 -= k;
		b1 += k, m1 -= k;
	}
}

int
flame_line_cmp(const struct flame_stack *a, const struct flame_stack *b)
{
	return cmp_concat(a->s, a->len, a->tail, a->tail_len, b->s, b->len,
	    b->tail, b->tail_len);
}

/* Stacks are sorted through pointers: moving 50-byte structs costs more. */
static int
qcmp_line(const void *a, const void *b)
{
	return flame_line_cmp(*(const struct flame_stack *const *)a,
	    *(const struct flame_stack *const *)b);
}

/* A frame of the current stack, not yet ended. */
struct open {
	const char *s;
	size_t	 len;
	double	 stime, delta, before, tot_before, tot_after, off;
	int	 has_delta;
};

struct walk {
	const struct flame_geom *geom;
	struct flame_graph *g;
	double	 minwidth_time;
	struct open *open;
	size_t	 nopen, opencap;
	const char **fs;	/* the frames of the stack being read */
	size_t	*fl, nfs, fscap, flcap;
	char	**chains;	/* --colors chain: the rewritten stacks */
	size_t	 nchains, chaincap;
};

/* Split s as Perl's split(";") does: empty fields at the end dropped. */
static void
split_frames(struct walk *w, const char *s, size_t len)
{
	const char *end = s + len, *p = s;

	w->nfs = 0;
	while (end > s && end[-1] == ';')
		end--;
	if (end == s)
		return;
	for (;;) {
		const char *semi = memchr(p, ';', (size_t)(end - p));
		const char *fe = semi != NULL ? semi : end;

		xgrow(&w->fs, &w->fscap, w->nfs + 1, sizeof(*w->fs));
		xgrow(&w->fl, &w->flcap, w->nfs + 1, sizeof(*w->fl));
		w->fs[w->nfs] = p;
		w->fl[w->nfs++] = (size_t)(fe - p);
		if (semi == NULL)
			break;
		p = semi + 1;
	}
}

/* End the open frame at depth d at time t: a box, unless too narrow. */
static void
end_frame(struct walk *w, size_t d, double t)
{
	struct flame_graph *g = w->g;
	struct open *o = &w->open[d];
	struct flame_frame *f;

	if (t - o->stime < w->minwidth_time) {
		g->elided++;
		return;
	}
	xgrow(&g->f, &g->cap, g->n + 1, sizeof(*g->f));
	f = &g->f[g->n++];
	f->name = st_intern(g->names, o->s, o->len, NULL);
	f->depth = (uint32_t)d;
	f->stime = o->stime;
	f->etime = t;
	f->delta = o->delta;
	f->before = o->before;
	f->has_delta = o->has_delta;
	f->tot_before = o->tot_before;
	f->tot_after = o->tot_after;
	f->off = o->off;
	if (f->depth > g->depthmax)
		g->depthmax = f->depth;
}

/* The next stack: end what it does not share, open what is new. */
static void
flow(struct walk *w, const struct flame_stack *st, double t)
{
	size_t nthis = st != NULL ? w->nfs + 1 : 0, same = 0;

	/* Depth 0 is the root, whose name is empty, in every stack. */
	while (same < w->nopen && same < nthis) {
		const char *s = same == 0 ? "" : w->fs[same - 1];
		size_t len = same == 0 ? 0 : w->fl[same - 1];

		if (w->open[same].len != len ||
		    memcmp(w->open[same].s, s, len) != 0)
			break;
		same++;
	}
	while (w->nopen > same)
		end_frame(w, --w->nopen, t);
	xgrow(&w->open, &w->opencap, nthis, sizeof(*w->open));
	for (size_t i = same; i < nthis; i++) {
		struct open *o = &w->open[i];

		o->s = i == 0 ? "" : w->fs[i - 1];
		o->len = i == 0 ? 0 : w->fl[i - 1];
		o->stime = t;
		o->has_delta = st->has_delta;
		/* As flamegraph.pl: only the leaf a line opens gets its delta. */
		o->delta = i + 1 == nthis ? st->delta : 0;
		o->before = i + 1 == nthis ? st->before : 0;
		o->tot_before = o->tot_after = o->off = 0;
	}
	w->nopen = nthis;
	for (size_t i = 0; i < nthis; i++) {
		w->open[i].tot_before += st->before;
		w->open[i].tot_after += st->after;
	}
	/* An off-CPU stack: each of its frames has that much off CPU. */
	if (nthis > 1 && w->fl[w->nfs - 1] >= strlen(FLAME_OFF_CPU_PREFIX) &&
	    memcmp(w->fs[w->nfs - 1], FLAME_OFF_CPU_PREFIX,
	    strlen(FLAME_OFF_CPU_PREFIX)) == 0) {
		w->g->has_off = 1;
		for (size_t i = 0; i < nthis; i++)
			w->open[i].off += st->count;
	}
}

/*
 * --colors chain, as flamegraph.pl rewrites a stack for it: the parts after
 * each ";--;" (the wakers of a chain graph) get "_[w]" on every frame, and
 * ";--;" is added after the first part (so every stack ends in a "--"
 * frame when it has no waker part).  Returns a string that lives as long
 * as the walk.
 */
static const char *
chain_stack(struct walk *w, const char *s, size_t n, size_t *len)
{
	struct buf b = { 0 };
	size_t i = 0, part = 0, end;

	/* Perl's split drops empty parts at the end. */
	end = n;
	while (end >= 4 && memcmp(s + end - 4, ";--;", 4) == 0)
		end -= 4;
	while (i <= end) {
		const char *p = s + i;
		size_t k = i;

		while (k + 4 <= end && memcmp(s + k, ";--;", 4) != 0)
			k++;
		if (k + 4 > end)
			k = end;
		if (part == 0) {
			buf_add(&b, p, k - i);
			buf_adds(&b, ";--;");
		} else {
			if (part > 1)
				buf_adds(&b, ";--;");
			for (size_t j = i; j < k; j++) {
				if (s[j] == ';')
					buf_adds(&b, "_[w]");
				buf_addc(&b, s[j]);
			}
			buf_adds(&b, "_[w]");
		}
		part++;
		i = k + 4;
		if (k == end)
			break;
	}
	xgrow(&w->chains, &w->chaincap, w->nchains + 1, sizeof(*w->chains));
	w->chains[w->nchains++] = b.s;
	*len = b.len;
	return b.s != NULL ? b.s : "";
}

static int
qcmp_frame(const void *pa, const void *pb)
{
	const struct flame_frame *a = pa, *b = pb;

	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	if (a->stime != b->stime)
		return a->stime < b->stime ? -1 : 1;
	if (a->etime != b->etime)
		return a->etime < b->etime ? -1 : 1;
	return a->name < b->name ? -1 : a->name > b->name;
}

void
flame_layout(struct flame_stack *st, size_t n, const struct flame_geom *geom,
    struct flame_graph *g)
{
	struct walk w;
	struct flame_stack **order;
	double t = 0;

	memset(g, 0, sizeof(*g));
	memset(&w, 0, sizeof(w));
	g->names = st_new();
	g->maxdelta = 1;
	w.geom = geom;
	w.g = g;
	order = xreallocarray(NULL, n + 1, sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = &st[i];
	if (!geom->keep_order && n > 1)
		qsort(order, n, sizeof(*order), qcmp_line);
	/* The total first, summed in drawing order as flamegraph.pl sums. */
	for (size_t i = 0; i < n; i++) {
		g->time += order[i]->count;
		if (order[i]->has_delta) {
			double d = order[i]->delta < 0 ? -order[i]->delta :
			    order[i]->delta;

			g->has_delta = 1;
			if (d > g->maxdelta)
				g->maxdelta = d;
		}
	}
	g->timemax = geom->total > 0 && geom->total >= g->time ? geom->total :
	    g->time;
	if (g->timemax <= 0) {
		free(order);
		return;
	}
	g->widthpertime = (geom->width - 2 * FLAME_XPAD) / g->timemax;
	w.minwidth_time = geom->minwidth_pct ? g->timemax * geom->minwidth / 100 :
	    geom->minwidth / g->widthpertime;
	for (size_t i = 0; i < n; i++) {
		const struct flame_stack *x = order[i];

		if (geom->chain) {
			size_t len;
			const char *c = chain_stack(&w, x->s, x->len, &len);

			split_frames(&w, c, len);
		} else
			split_frames(&w, x->s, x->len);
		flow(&w, x, t);
		t += x->count;
	}
	flow(&w, NULL, t);
	if (g->n > 1)
		qsort(g->f, g->n, sizeof(*g->f), qcmp_frame);
	for (size_t i = 0; i < w.nchains; i++)
		free(w.chains[i]);
	free(w.chains);
	free(order);
	free(w.open);
	free(w.fs);
	free(w.fl);
}

void
flame_graph_free(struct flame_graph *g)
{
	if (g->names != NULL)
		st_free(g->names);
	free(g->f);
	memset(g, 0, sizeof(*g));
}
