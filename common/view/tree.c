/*
 * tree.c: sp-tree's view (view/tree.h): sample streams (sp(5)) in, a
 * call tree out: top-down (the default), bottom-up (--inverted), the
 * callers or the callees of one frame, or both (a butterfly, like pprof
 * -peek).  For people:
 *
 *	samples 12 (2 with no stack, weight 2), weight 15, CPU 9.50 ms, from p.json
 *	top-down call tree; percentages are of the weight 13 of samples with a stack; pruned below 0.50%
 *	TOTAL  TOTAL% SELF   SELF% CPU-TOTAL CPU-SELF  NAME
 *	    6  46.15%    0   0.00%      4.00     0.00  app!main
 *	    4  30.77%    2  15.38%      3.00     1.00  └─ app!run
 *
 * and, with --tsv, for machines: "depth self total cpu_self cpu_total frame"
 * per node, depth first, children by descending total (sp(5), "Call tree").
 *
 * Every node is a path of frames, so its total counts a sample once even
 * when a function recurses.  The trees:
 *
 *	top-down	the stack from its root; self is the leaf's.
 *	inverted	the stack read from its leaf; a root's self is its
 *			total (the function's self time), every other self 0.
 *	callees F	the stack from F's outermost occurrence down (the
 *			Firefox Profiler's "focus on function"); self as
 *			top-down.
 *	callers F	the stack from F's innermost occurrence up to the root;
 *			F's self is the weight of the samples F ends, every
 *			other self 0.
 *
 * Reading F's callees from its outermost occurrence and its callers from its
 * innermost one is what counts each sample once: recursion of F shows as F
 * inside its own callees (callers) rather than as a second copy of them.
 * Samples with an empty stack are no node; percentages are of the weight of
 * the samples with a stack (of F's total for callers and callees).
 *
 * Memory grows with the distinct stacks: each is interned with its summed
 * weight and cpu as it is read, and the tree is built from them at the end.
 * A line of a version 2 stream ("#sp samples 2", sp-flatten -c) stands for
 * the number of samples in its ninth column, which the sample counts of the
 * header count.
 * Nothing is written before all input has been read, so a bad line leaves
 * standard output empty.
 *
 * May use base, stream and agg.
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/calltree.h"
#include "agg/framematch.h"
#include "agg/shorten.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/sample_nums.h"
#include "stream/stream.h"
#include "view/tree.h"

#define SP_TREE_MAGIC	"#sp tree 1"
#define SP_TREE_COLUMNS	\
	"#columns\tdepth\tself\ttotal\tcpu_self\tcpu_total\tframe"

static const char *const root_names[] = {
	"", "process", "thread", "comm-pid", "comm-tid"
};

enum view { V_TOPDOWN, V_INVERTED, V_CALLERS, V_CALLEES };

static const char *const view_names[] = {
	"top-down", "inverted", "callers", "callees"
};

struct input {
	struct strtab *headers;	/* passed-through headers, by first sight */
	struct strtab *sources;
	int64_t	 samples, weight, cpu, empty, empty_weight;
	int	 has_cpu;
	enum tree_root root;
	/* Distinct stacks (with the root frame before a tab under -r). */
	struct strtab *stacks;
	struct scount {
		int64_t	 w, c;
	}	*sv;
	size_t	 svcap;
	int	 have_last;
	uint32_t last_id;
	const char *last_s;
	size_t	 last_len;
	struct buf key;
};

static int
is(const char *line, size_t len, const char *s)
{
	return len == strlen(s) && memcmp(line, s, len) == 0;
}

static void
header(struct input *in, const struct lreader *lr, const char *line,
    size_t len)
{
	if (len >= 4 && memcmp(line, "#sp ", 4) == 0) {
		if (is(line, len, SP_SAMPLES_MAGIC) ||
		    is(line, len, SP_SAMPLES2_MAGIC))
			return;
		if (is(line, len, SP_AGGREGATE_MAGIC))
			lr_fail(lr, "an aggregate table, not a sample stream: "
			    "sp-tree needs the samples");
		lr_fail(lr, "unsupported format: %.*s",
		    (int)(len > 60 ? 60 : len), line);
	}
	/* Ours are written anew; a sample stream has no #total. */
	if ((len == 8 || (len > 8 && line[8] == '\t')) &&
	    memcmp(line, "#columns", 8) == 0)
		return;
	if (len >= 7 && memcmp(line, "#total\t", 7) == 0)
		return;
	if (len > 8 && memcmp(line, "#source\t", 8) == 0)
		st_intern(in->sources, line + 8, len - 8, NULL);
	st_intern(in->headers, line, len, NULL);
}

/* The root frame of -r: who was sampled, as sp-aggregate -c -r names it. */
static void
root_key(struct input *in, const struct field *f)
{
	const struct field *name = in->root == TREE_ROOT_PROCESS ? &f[F_PROCESS] :
	    &f[F_THREAD];

	buf_reset(&in->key);
	if (name->len == 0)
		buf_adds(&in->key, "[unknown]");
	else
		buf_add(&in->key, name->s, name->len);
	if (in->root == TREE_ROOT_COMM_PID || in->root == TREE_ROOT_COMM_TID) {
		buf_addc(&in->key, '-');
		buf_add(&in->key, f[F_PID].s, f[F_PID].len);
	}
	if (in->root == TREE_ROOT_COMM_TID) {
		buf_addc(&in->key, '/');
		buf_add(&in->key, f[F_TID].s, f[F_TID].len);
	}
	buf_addc(&in->key, '\t');
}

static uint32_t
stack_id(struct input *in, const struct lreader *lr, const char *s, size_t n)
{
	int added;
	uint32_t id;

	if (in->have_last && n == in->last_len && memcmp(s, in->last_s, n) == 0)
		return in->last_id;
	id = st_intern(in->stacks, s, n, &added);
	if (added) {
		if (!esc_valid(s, n))
			lr_fail(lr, "bad escape in a name");
		xgrow(&in->sv, &in->svcap, (size_t)id + 1, sizeof(*in->sv));
		in->sv[id].w = in->sv[id].c = 0;
	}
	in->have_last = 1;
	in->last_id = id;
	in->last_s = st_str(in->stacks, id, &in->last_len);
	return id;
}

static void
sample(struct input *in, const struct lreader *lr, const char *line,
    size_t len)
{
	struct sample_line sl;
	const struct field *st = &sl.f[F_STACK];
	const char *why;
	uint32_t id;

	if (parse_sample_line(line, len, &sl, &why) == -1)
		lr_fail(lr, "%s", why);
	if (sl.has_cpu)
		in->has_cpu = 1;
	if (__builtin_add_overflow(in->weight, sl.weight, &in->weight) ||
	    __builtin_add_overflow(in->cpu, sl.cpu, &in->cpu) ||
	    __builtin_add_overflow(in->samples, sl.samples, &in->samples))
		lr_fail(lr, SN_OVERFLOW);
	if (st->len == 0) {
		/* Cannot overflow: the totals did not. */
		in->empty += sl.samples;
		in->empty_weight += sl.weight;
		return;
	}
	if (in->root != TREE_ROOT_NONE) {
		root_key(in, sl.f);
		buf_add(&in->key, st->s, st->len);
		id = stack_id(in, lr, in->key.s, in->key.len);
	} else
		id = stack_id(in, lr, st->s, st->len);
	in->sv[id].w += sl.weight;
	in->sv[id].c += sl.cpu;
}

static void
read_input(struct input *in, const char *path)
{
	struct lreader *lr;
	struct field f[SAMPLE_NFIELDS];
	char *line;
	long long n;

	if ((lr = lr_open(path)) == NULL)
		exit(1);
	in->have_last = 0;
	while ((n = lr_next(lr, &line)) >= 0) {
		size_t len = (size_t)n, nf;

		if (len > 0 && line[0] == '#') {
			header(in, lr, line, len);
			continue;
		}
		nf = split_tabs(line, len, f, SAMPLE_NFIELDS);
		if (nf == AGG_NFIELDS)
			lr_fail(lr, "an aggregate table line, not a sample: "
			    "sp-tree needs the samples");
		if (len == 0)
			lr_fail(lr, "empty line");
		sample(in, lr, line, len);
	}
	if (n == -2)
		exit(1);
	lr_close(lr);
	in->have_last = 0;
}

static const struct strtab *sort_stacks;

static int
fwd_cmp(const void *pa, const void *pb)
{
	size_t na, nb;
	const char *a = st_str(sort_stacks, *(const uint32_t *)pa, &na);
	const char *b = st_str(sort_stacks, *(const uint32_t *)pb, &nb);
	int c = memcmp(a, b, na < nb ? na : nb);

	if (c != 0)
		return c;
	return na < nb ? -1 : na > nb;
}

/* By the bytes read from the end: stacks of one leaf come together. */
static int
rev_cmp(const void *pa, const void *pb)
{
	size_t na, nb;
	const char *a = st_str(sort_stacks, *(const uint32_t *)pa, &na);
	const char *b = st_str(sort_stacks, *(const uint32_t *)pb, &nb);
	size_t n = na < nb ? na : nb;

	for (size_t i = 1; i <= n; i++)
		if (a[na - i] != b[nb - i])
			return (unsigned char)a[na - i] <
			    (unsigned char)b[nb - i] ? -1 : 1;
	return na < nb ? -1 : na > nb;
}

/*
 * Build the tree of one view from the distinct stacks.  *focus_total is set
 * to the weight of the samples containing the focus frame (callers and
 * callees).
 */
static struct calltree *
build(const struct input *in, enum view v, const char *focus,
    int64_t *focus_total)
{
	struct calltree *t = ct_new();
	size_t nst = st_count(in->stacks), fcap = 0, pcap = 0, hcap = 0;
	uint32_t *fr = NULL, *path = NULL, *ids = NULL;
	uint32_t *order;
	unsigned char *hit = NULL;	/* by frame id: does focus name it? */
	struct fmatch fm;

	*focus_total = 0;
	if (focus != NULL)
		fm_init(&fm, focus, strlen(focus));
	/*
	 * Paths that share their first frames are added one after the other,
	 * so that ct_add_path finds most nodes without a lookup: stacks in
	 * the order of their bytes, read from the end for the trees that
	 * start at the leaf.
	 */
	order = xreallocarray(NULL, nst, sizeof(*order));
	for (size_t i = 0; i < nst; i++)
		order[i] = (uint32_t)i;
	sort_stacks = in->stacks;
	if (nst > 1)
		qsort(order, nst, sizeof(*order), v == V_INVERTED ||
		    v == V_CALLERS ? rev_cmp : fwd_cmp);
	for (size_t oi = 0; oi < nst; oi++) {
		uint32_t id = order[oi];
		size_t len, nf = 0, np = 0, first = SIZE_MAX, last = SIZE_MAX;
		const char *s = st_str(in->stacks, id, &len);
		const char *p = s, *end = s + len;
		int64_t w = in->sv[id].w, c = in->sv[id].c;
		uint32_t rootf = UINT32_MAX;
		size_t selfat;

		if (in->root != TREE_ROOT_NONE) {
			const char *tab = memchr(s, '\t', len);

			rootf = ct_frame(t, s, (size_t)(tab - s));
			p = tab + 1;
		}
		for (;;) {
			const char *q = frame_end(p, end);

			xgrow(&fr, &fcap, nf + 1, sizeof(*fr));
			fr[nf] = ct_frame(t, p, (size_t)(q - p));
			if (focus != NULL && fr[nf] >= hcap) {
				size_t old = hcap;

				xgrow(&hit, &hcap, (size_t)fr[nf] + 1, 1);
				memset(hit + old, 0, hcap - old);
			}
			/* 0: not yet asked, 1: not named, 2: named. */
			if (focus != NULL && hit[fr[nf]] == 0)
				hit[fr[nf]] = (unsigned char)(1 + fm_match(&fm, p,
				    (size_t)(q - p)));
			if (focus != NULL && hit[fr[nf]] == 2) {
				if (first == SIZE_MAX)
					first = nf;
				last = nf;
			}
			nf++;
			if (q == end)
				break;
			p = q + 1;
		}
		if (focus != NULL && first == SIZE_MAX)
			continue;
		xgrow(&path, &pcap, nf + 1, sizeof(*path));
		ids = xreallocarray(ids, pcap, sizeof(*ids));
		if (rootf != UINT32_MAX)
			path[np++] = rootf;
		/* Where self goes: an index into path, or SIZE_MAX. */
		switch (v) {
		case V_TOPDOWN:
			for (size_t i = 0; i < nf; i++)
				path[np++] = fr[i];
			selfat = np - 1;
			break;
		case V_INVERTED:
			selfat = np;
			for (size_t i = nf; i-- > 0; )
				path[np++] = fr[i];
			break;
		case V_CALLEES:
			for (size_t i = first; i < nf; i++)
				path[np++] = fr[i];
			selfat = np - 1;
			break;
		case V_CALLERS:
		default:
			selfat = last == nf - 1 ? np : SIZE_MAX;
			for (size_t i = last + 1; i-- > 0; )
				path[np++] = fr[i];
			break;
		}
		if (focus != NULL)
			*focus_total += w;
		ct_add_path(t, path, np, w, c, ids);
		if (selfat != SIZE_MAX) {
			struct ct_node *n = &t->node[ids[selfat]];

			if (v == V_INVERTED) {
				n->self = n->total;
				n->cpu_self = n->cpu_total;
			} else {
				n->self += w;
				n->cpu_self += c;
			}
		}
	}
	free(order);
	free(fr);
	free(path);
	free(ids);
	free(hit);
	return t;
}

/* A node as it is shown: its depth and whether it is its parent's last. */
struct shown {
	uint32_t node;
	uint32_t depth;
	int	 last;
};

/*
 * The nodes to show, depth first, children by descending total, those with
 * a total under min left out, at most depth levels (0: all).
 */
static struct shown *
walk(const struct calltree *t, int64_t min, long long depth, size_t *nout)
{
	struct level {
		uint32_t *kids;
		size_t	 n, i, cap;
	} *lv = NULL;
	size_t lvcap = 0, top = 0, n = 0, cap = 0;
	struct shown *out = NULL;

	xgrow(&lv, &lvcap, 1, sizeof(*lv));
	memset(lv, 0, lvcap * sizeof(*lv));
	lv[0].n = ct_children(t, 0, min, &lv[0].kids, &lv[0].cap);
	for (;;) {
		struct level *l = &lv[top];
		uint32_t v;

		if (l->i == l->n) {
			if (top == 0)
				break;
			top--;
			continue;
		}
		v = l->kids[l->i++];
		xgrow(&out, &cap, n + 1, sizeof(*out));
		out[n].node = v;
		out[n].depth = (uint32_t)top;
		out[n].last = l->i == l->n;
		n++;
		if (depth > 0 && (long long)top + 1 >= depth)
			continue;
		if (top + 1 >= lvcap) {
			size_t old = lvcap;

			xgrow(&lv, &lvcap, top + 2, sizeof(*lv));
			memset(&lv[old], 0, (lvcap - old) * sizeof(*lv));
		}
		l = &lv[top + 1];
		l->i = 0;
		l->n = ct_children(t, v, min, &l->kids, &l->cap);
		if (l->n > 0)
			top++;
	}
	for (size_t i = 0; i < lvcap; i++)
		free(lv[i].kids);
	free(lv);
	*nout = n;
	return out;
}

/* The least total that is not under pct% of base. */
static int64_t
min_total(double pct, int64_t base)
{
	double want = pct * (double)base;
	int64_t m;

	if (pct <= 0 || base <= 0)
		return 0;
	m = (int64_t)ceil(want / 100.0);
	while (m > 0 && (double)(m - 1) * 100.0 >= want)
		m--;
	while ((double)m * 100.0 < want)
		m++;
	return m;
}

static double
pct(int64_t v, int64_t base)
{
	return base == 0 ? 0.0 : 100.0 * (double)v / (double)base;
}

static void
write_tsv_header(const struct input *in)
{
	size_t nh = st_count(in->headers);

	printf("%s\n", SP_TREE_MAGIC);
	for (size_t i = 0; i < nh; i++) {
		size_t len;
		const char *s = st_str(in->headers, (uint32_t)i, &len);

		fwrite(s, 1, len, stdout);
		putchar('\n');
	}
	printf("#total\tsamples\t%" PRId64 "\n", in->samples);
	printf("#total\tweight\t%" PRId64 "\n", in->weight);
	if (in->has_cpu)
		printf("#total\tcpu\t%" PRId64 "\n", in->cpu);
	else
		printf("#total\tcpu\t-\n");
	printf("#total\tempty\t%" PRId64 "\n", in->empty);
	printf("#total\tempty_weight\t%" PRId64 "\n", in->empty_weight);
}

static void
write_tsv(const struct calltree *t, const struct shown *sh, size_t n,
    enum view v, const char *focus)
{
	struct buf b = { 0 };

	printf("#tree\t%s", view_names[v]);
	if (focus != NULL)
		printf("\t%s", focus);
	printf("\n%s\n", SP_TREE_COLUMNS);
	for (size_t i = 0; i < n; i++) {
		const struct ct_node *nd = &t->node[sh[i].node];
		size_t len;
		const char *s = st_str(t->frames, nd->frame, &len);

		buf_reset(&b);
		buf_printf(&b, "%" PRIu32 "\t%" PRId64 "\t%" PRId64 "\t%" PRId64
		    "\t%" PRId64 "\t", sh[i].depth, nd->self, nd->total,
		    nd->cpu_self, nd->cpu_total);
		buf_add(&b, s, len);
		buf_addc(&b, '\n');
		fwrite(b.s, 1, b.len, stdout);
	}
	buf_free(&b);
}

/* The first line of the human output: what was read. */
static void
print_summary(const struct input *in)
{
	size_t ns = st_count(in->sources);
	struct buf u = { 0 };

	printf("samples %" PRId64, in->samples);
	if (in->empty > 0)
		printf(" (%" PRId64 " with no stack, weight %" PRId64 ")",
		    in->empty, in->empty_weight);
	printf(", weight %" PRId64, in->weight);
	if (in->has_cpu)
		printf(", CPU %.2f ms", (double)in->cpu / 1e6);
	else
		printf(", no CPU data");
	for (size_t i = 0; i < ns; i++) {
		size_t len;
		const char *s = st_str(in->sources, (uint32_t)i, &len);

		buf_reset(&u);
		display_name(&u, s, len, 0, 0);
		printf("%s%s", i == 0 ? ", from " : ", ", u.s);
	}
	putchar('\n');
	buf_free(&u);
}

/* The second line: which tree, of what, and how it is cut. */
static void
print_what(const struct tree_opts *o, enum view v, const char *focus,
    int64_t base, int64_t with_stack)
{
	struct buf u = { 0 };

	if (focus != NULL) {
		display_name(&u, focus, strlen(focus), 0, 0);
		printf("%s of %s, read %s; ", v == V_CALLERS ? "callers" :
		    "callees", u.s, v == V_CALLERS ?
		    "upward from its innermost call" :
		    "downward from its outermost call");
		if (base == 0)
			printf("it occurs in no sample with a stack\n");
		else
			printf("percentages are of its total %" PRId64
			    " (%.2f%% of the weight with a stack)", base,
			    pct(base, with_stack));
	} else {
		printf("%s; ", v == V_TOPDOWN ? "top-down call tree" :
		    "bottom-up call tree (roots are where samples end, "
		    "children their callers)");
		if (base == 0)
			printf("no sample has a stack\n");
		else
			printf("percentages are of the weight %" PRId64
			    " of samples with a stack", base);
	}
	buf_free(&u);
	if (base == 0)
		return;
	if (o->min_pct > 0)
		printf("; pruned below %.2f%%", o->min_pct);
	if (o->depth > 0)
		printf("; at most %lld level%s", o->depth,
		    o->depth == 1 ? "" : "s");
	putchar('\n');
}

static void
fit(int *w, const char *fmt, ...)
{
	char tmp[64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > *w)
		*w = n;
}

static void
print_tree(const struct tree_opts *o, const struct calltree *t,
    const struct shown *sh, size_t n, int64_t base, int has_cpu)
{
	static const char *const glyph[2][4] = {
		/* mid, last, through, blank */
		{ "\xe2\x94\x9c\xe2\x94\x80 ", "\xe2\x94\x94\xe2\x94\x80 ",
		    "\xe2\x94\x82  ", "   " },
		{ "|- ", "`- ", "|  ", "   " },
	};
	const char *const *g = glyph[o->ascii ? 1 : 0];
	int wt = 5, ws = 4, wct = 9, wcs = 8;
	struct buf line = { 0 }, name = { 0 };
	unsigned char *lastv = NULL;
	size_t lcap = 0, width;

	for (size_t i = 0; i < n; i++) {
		const struct ct_node *nd = &t->node[sh[i].node];

		fit(&wt, "%" PRId64, nd->total);
		fit(&ws, "%" PRId64, nd->self);
		if (has_cpu) {
			fit(&wct, "%.2f", (double)nd->cpu_total / 1e6);
			fit(&wcs, "%.2f", (double)nd->cpu_self / 1e6);
		}
	}
	buf_printf(&line, "%*s %7s %*s %7s", wt, "TOTAL", "TOTAL%", ws, "SELF",
	    "SELF%");
	if (has_cpu)
		buf_printf(&line, " %*s %*s", wct, "CPU-TOTAL", wcs, "CPU-SELF");
	width = name_width(o->cols, o->wide, line.len + 2);
	printf("%s  NAME\n", line.s);
	for (size_t i = 0; i < n; i++) {
		const struct ct_node *nd = &t->node[sh[i].node];
		uint32_t d = sh[i].depth;
		size_t len, avail = width;
		const char *s = st_str(t->frames, nd->frame, &len);

		xgrow(&lastv, &lcap, (size_t)d + 1, 1);
		lastv[d] = (unsigned char)sh[i].last;
		buf_reset(&line);
		buf_printf(&line, "%*" PRId64 " %6.2f%% %*" PRId64 " %6.2f%%",
		    wt, nd->total, pct(nd->total, base), ws, nd->self,
		    pct(nd->self, base));
		if (has_cpu)
			buf_printf(&line, " %*.2f %*.2f", wct,
			    (double)nd->cpu_total / 1e6, wcs,
			    (double)nd->cpu_self / 1e6);
		buf_adds(&line, "  ");
		for (uint32_t k = 1; k < d; k++)
			buf_adds(&line, g[lastv[k] ? 3 : 2]);
		if (d > 0)
			buf_adds(&line, g[sh[i].last ? 1 : 0]);
		if (width > 0) {
			size_t used = 3 * (size_t)d;

			avail = width > used + MIN_NAME_COLS ? width - used :
			    MIN_NAME_COLS;
		}
		buf_reset(&name);
		display_name(&name, s, len, o->no_lib, avail);
		buf_add(&line, name.s, name.len);
		buf_addc(&line, '\n');
		fwrite(line.s, 1, line.len, stdout);
	}
	free(lastv);
	buf_free(&line);
	buf_free(&name);
}

/* Build, cut and write one view. */
static void
view(const struct tree_opts *o, const struct input *in, enum view v,
    const char *focus)
{
	int64_t with_stack = in->weight - in->empty_weight, ftotal, base;
	struct calltree *t = build(in, v, focus, &ftotal);
	struct shown *sh;
	size_t n;

	base = focus != NULL ? ftotal : with_stack;
	sh = walk(t, min_total(o->min_pct, base), o->depth, &n);
	if (o->tsv)
		write_tsv(t, sh, n, v, focus);
	else {
		print_what(o, v, focus, base, with_stack);
		if (base > 0)
			print_tree(o, t, sh, n, base, in->has_cpu);
	}
	free(sh);
	ct_free(t);
}

/*
 * Does the focus argument name a frame of the input?  If not, say so with
 * the frames that contain its text, and exit 1 before anything is written.
 */
static void
focus_check(const struct input *in, const char *opt, const char *arg)
{
	size_t nst = st_count(in->stacks);
	struct fmatch fm;
	struct fm_near nr;

	fm_init(&fm, arg, strlen(arg));
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			fm_near_init(&nr, &fm);
		for (size_t i = 0; i < nst; i++) {
			size_t len;
			const char *s = st_str(in->stacks, (uint32_t)i, &len);
			const char *p = s, *end = s + len, *q;

			if (in->root != TREE_ROOT_NONE)
				p = (const char *)memchr(s, '\t', len) + 1;
			for (;; p = q + 1) {
				q = frame_end(p, end);
				if (pass == 0 && fm_match(&fm, p, (size_t)(q - p)))
					return;
				if (pass == 1)
					fm_near_add(&nr, p, (size_t)(q - p));
				if (q == end)
					break;
			}
		}
	}
	fm_near_report(&nr, opt, &fm, NULL);
	exit(1);
}

/* A --callers / --callees frame: as sp-aggregate writes it, escaped. */
const char *
tree_focus_arg(const char *opt, const char *s)
{
	const char *end = s + strlen(s);

	if (*s == '\0')
		errx(1, "%s: empty frame", opt);
	if (!esc_valid(s, strlen(s)) || frame_end(s, end) != end ||
	    strchr(s, '\t') != NULL || strchr(s, '\n') != NULL)
		errx(1, "%s: not one frame as sp-aggregate writes it (escape "
		    "\\, tab, newline and ; with a backslash): %s", opt, s);
	return s;
}

int
tree_root_parse(const char *s, enum tree_root *root)
{
	for (size_t i = 1; i < SP_NELEM(root_names); i++)
		if (strcmp(s, root_names[i]) == 0) {
			*root = (enum tree_root)i;
			return 0;
		}
	return -1;
}

int
tree_view(const struct tree_opts *opts, char *const *files, int nfiles)
{
	const struct tree_opts o = *opts;
	struct input in = { 0 };

	in.headers = st_new();
	in.sources = st_new();
	in.stacks = st_new();
	in.root = o.root;
	if (nfiles == 0)
		read_input(&in, "-");
	for (int i = 0; i < nfiles; i++)
		read_input(&in, files[i]);

	if (o.callers != NULL)
		focus_check(&in, "--callers", o.callers);
	if (o.callees != NULL)
		focus_check(&in, "--callees", o.callees);
	if (o.tsv)
		write_tsv_header(&in);
	else
		print_summary(&in);
	if (o.callers != NULL)
		view(&o, &in, V_CALLERS, o.callers);
	if (o.callees != NULL) {
		if (o.callers != NULL && !o.tsv)
			putchar('\n');
		view(&o, &in, V_CALLEES, o.callees);
	}
	if (o.callers == NULL && o.callees == NULL)
		view(&o, &in, o.inverted ? V_INVERTED : V_TOPDOWN, NULL);
	st_free(in.headers);
	st_free(in.sources);
	st_free(in.stacks);
	free(in.sv);
	buf_free(&in.key);
	finish_stdout();
	return 0;
}
