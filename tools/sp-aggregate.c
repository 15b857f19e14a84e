/*
 * sp-aggregate: sample streams and aggregate tables in, one aggregate table
 * (or folded stacks for flamegraph.pl) out.  Formats: sp(5).
 *
 * Input data lines are told apart by their number of fields:
 *
 *	process pid thread tid time weight cpu stack	(a sample, 8 fields)
 *	self total cpu_self cpu_total frame		(a table row, 5 fields)
 *
 * Memory grows with the number of distinct stacks, never with the number of
 * samples: each stack string is interned once and its weight and cpu are
 * summed; only at the end is each distinct stack split into frames.  A frame
 * counts once per stack towards its total (recursion), which the "last stack
 * seen" stamp of each frame ensures without a per-stack set.
 *
 * Frames written by sp-symbolize -l carry their source line: "LIB!NAME @
 * FILE:LINE", then " (inlined)" when inlined.  --no-lines drops the line, so
 * that a function is one row; --lines PATTERN keeps only the functions whose
 * NAME contains PATTERN, one row per function (line dropped) and one per
 * function and line, " (inlined)" dropped from both: a line-level table.
 *
 * Nothing is written before all input has been read, so a bad line leaves
 * standard output empty.
 */
#include <err.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggtable.h"
#include "agg/framematch.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "stream/samples_ahead.h"
#include "stream/sample_nums.h"
#include "stream/stream.h"
#include "base/strtab.h"
#include "base/util.h"
#include "base/version.h"

enum root_mode { ROOT_NONE, ROOT_PROCESS, ROOT_THREAD, ROOT_COMM_PID,
    ROOT_COMM_TID };

static const char *const root_names[] = {
	"", "process", "thread", "comm-pid", "comm-tid"
};

struct agg {
	/* Options. */
	int	 collapsed;
	int	 cpu_count;
	int	 no_lib;
	enum root_mode root;
	const char *image;
	size_t	 image_len;
	int	 no_lines;
	struct buf *pats;	/* --lines patterns, escaped as frames are */
	size_t	 npats;

	struct agg_totals t;	/* the #total figures */

	struct strtab *headers;	/* passed-through headers, by first sight */

	/* Distinct stacks (with the root frame before a tab in -c -r). */
	struct strtab *stacks;
	struct scount {
		int64_t	 w, c;	/* the stack's weight and cpu */
	}	*sv;
	size_t	 svcap;
	int	 have_last;	/* the previous line's stack, for a quick hit */
	uint32_t last_id;
	const char *last_s;
	size_t	 last_len;
	struct buf key;
	struct buf fkey;	/* a frame's row key, when it is not the frame */

	/* Frames. */
	struct strtab *frames;
	struct agg_row *fr;
	size_t	 frcap;
};

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-aggregate [-chLV] [--cpu] [--no-lines] "
	    "[-i image] [-l pattern] [-r mode] [file ...]\n");
	exit(status);
}

/* The frame without its "LIB!" prefix. */
static void
strip_lib(const char **s, size_t *n)
{
	const char *bang = memchr(*s, '!', *n);

	if (bang != NULL) {
		*n -= (size_t)(bang + 1 - *s);
		*s = bang + 1;
	}
}

static int
in_image(const struct agg *a, const char *s, size_t n)
{
	const char *bang = memchr(s, '!', n);

	return bang != NULL && (size_t)(bang - s) == a->image_len &&
	    memcmp(s, a->image, a->image_len) == 0;
}

/*
 * The parts of an escaped frame: the function "LIB!NAME" (fn, fnlen), the
 * line "FILE:LINE" after the last " @ " (line, linelen; NULL when none) and
 * whether it ends in " (inlined)".
 */
struct fparts {
	const char *fn, *line;
	size_t	 fnlen, linelen;
	int	 inlined;
};

static void
frame_parts(const char *s, size_t n, struct fparts *p)
{
	static const char inl[] = " (inlined)";
	const size_t il = sizeof(inl) - 1;

	p->inlined = n >= il && memcmp(s + n - il, inl, il) == 0;
	if (p->inlined)
		n -= il;
	p->fn = s;
	p->fnlen = n;
	p->line = NULL;
	p->linelen = 0;
	for (size_t i = n; i >= 3; i--)
		if (s[i - 3] == ' ' && s[i - 2] == '@' && s[i - 1] == ' ') {
			p->fnlen = i - 3;
			p->line = s + i;
			p->linelen = n - i;
			break;
		}
}

/* Does s[0..n) contain pat? */
static int
contains(const char *s, size_t n, const struct buf *pat)
{
	if (pat->len == 0)
		return 1;
	for (size_t i = 0; i + pat->len <= n; i++)
		if (s[i] == pat->s[0] && memcmp(s + i, pat->s, pat->len) == 0)
			return 1;
	return 0;
}

/* Does the NAME of function fn[0..n) ("LIB!NAME") match a --lines pattern? */
static int
wanted(const struct agg *a, const char *fn, size_t n)
{
	const char *bang = memchr(fn, '!', n);

	if (bang != NULL) {
		n -= (size_t)(bang + 1 - fn);
		fn = bang + 1;
	}
	for (size_t i = 0; i < a->npats; i++)
		if (contains(fn, n, &a->pats[i]))
			return 1;
	return 0;
}

/*
 * Does every --lines pattern occur in the NAME of some function?  A target
 * that is in none is a mistake (a misspelt function, or one that never
 * ran): say so with the functions that contain its text in any case
 * (framematch.h) and exit 1, before anything is written.
 */
static void
check_lines(const struct agg *a)
{
	size_t nst = st_count(a->stacks);
	int bad = 0;

	for (size_t k = 0; k < a->npats; k++) {
		struct fmatch fm;
		struct fm_near nr;
		int found = 0;

		fm_init(&fm, a->pats[k].s, a->pats[k].len);
		fm_near_init(&nr, &fm);
		for (size_t id = 0; id < nst && !found; id++) {
			size_t len;
			const char *s = st_str(a->stacks, (uint32_t)id, &len);
			const char *p = s, *end = s + len, *q;

			if (a->root != ROOT_NONE)
				p = (const char *)memchr(s, '\t', len) + 1;
			for (;; p = q + 1) {
				struct fparts fp;
				const char *fn;
				size_t n;

				q = frame_end(p, end);
				frame_parts(p, (size_t)(q - p), &fp);
				fn = fp.fn;
				n = fp.fnlen;
				strip_lib(&fn, &n);
				if (contains(fn, n, &a->pats[k])) {
					found = 1;
					break;
				}
				fm_near_add(&nr, fp.fn, fp.fnlen);
				if (q == end)
					break;
			}
		}
		if (found) {
			/* Reported with nothing: only frees. */
			fm_near_free(&nr);
			continue;
		}
		fm_near_report(&nr, "--lines", &fm,
		    "no function's NAME contains it");
		bad = 1;
	}
	if (bad)
		exit(1);
}

/* The id of the frame's row, added (zeroed) if new. */
static uint32_t
frame_row(struct agg *a, const char *s, size_t n)
{
	int added;
	uint32_t id = st_intern(a->frames, s, n, &added);

	if (added) {
		xgrow(&a->fr, &a->frcap, (size_t)id + 1, sizeof(*a->fr));
		memset(&a->fr[id], 0, sizeof(a->fr[id]));
	}
	return id;
}

/* With --cpu, the weight of the table is cpu time: say so in #units. */
static void
units_header(struct agg *a, const char *line, size_t len)
{
	const char *p = line, *end = line + len;

	buf_reset(&a->fkey);
	for (;;) {
		const char *q = memchr(p, '\t', (size_t)(end - p));
		size_t n = (size_t)((q == NULL ? end : q) - p);

		if (p != line)
			buf_addc(&a->fkey, '\t');
		if (n >= 7 && memcmp(p, "weight=", 7) == 0)
			buf_adds(&a->fkey, "weight=ns");
		else
			buf_add(&a->fkey, p, n);
		if (q == NULL)
			break;
		p = q + 1;
	}
	st_intern(a->headers, a->fkey.s, a->fkey.len, NULL);
}

static void
header(struct agg *a, const struct lreader *lr, const char *line, size_t len)
{
	if (len >= 4 && memcmp(line, "#sp ", 4) == 0) {
		if ((len == strlen(SP_SAMPLES_MAGIC) &&
		    memcmp(line, SP_SAMPLES_MAGIC, len) == 0) ||
		    (len == strlen(SP_SAMPLES2_MAGIC) &&
		    memcmp(line, SP_SAMPLES2_MAGIC, len) == 0) ||
		    (len == strlen(SP_AGGREGATE_MAGIC) &&
		    memcmp(line, SP_AGGREGATE_MAGIC, len) == 0))
			return;
		lr_fail(lr, "unsupported format: %.*s",
		    (int)(len > 60 ? 60 : len), line);
	}
	if (len >= 7 && memcmp(line, "#total\t", 7) == 0) {
		agg_total_header(&a->t, lr, line, len);
		return;
	}
	if ((len == 8 || (len > 8 && line[8] == '\t')) &&
	    memcmp(line, "#columns", 8) == 0)
		return;
	if (a->cpu_count && !a->collapsed && len > 7 &&
	    memcmp(line, "#units\t", 7) == 0) {
		units_header(a, line, len);
		return;
	}
	st_intern(a->headers, line, len, NULL);
}

/* The id of this stack (or root + stack) key, added if new. */
static uint32_t
stack_id(struct agg *a, const struct lreader *lr, const char *s, size_t n)
{
	int added;
	uint32_t id;

	if (a->have_last && n == a->last_len && memcmp(s, a->last_s, n) == 0)
		return a->last_id;
	id = st_intern(a->stacks, s, n, &added);
	if (added) {
		if (!esc_valid(s, n))
			lr_fail(lr, "bad escape in a name");
		xgrow(&a->sv, &a->svcap, (size_t)id + 1, sizeof(*a->sv));
		a->sv[id].w = a->sv[id].c = 0;
	}
	a->have_last = 1;
	a->last_id = id;
	a->last_s = st_str(a->stacks, id, &a->last_len);
	return id;
}

/* The root frame of a folded stack, as an escaped frame. */
static void
root_key(struct agg *a, const struct field *f)
{
	const struct field *name = a->root == ROOT_PROCESS ? &f[F_PROCESS] :
	    &f[F_THREAD];

	buf_reset(&a->key);
	if (name->len == 0)
		buf_adds(&a->key, "[unknown]");
	else
		buf_add(&a->key, name->s, name->len);
	if (a->root == ROOT_COMM_PID || a->root == ROOT_COMM_TID) {
		buf_addc(&a->key, '-');
		buf_add(&a->key, f[F_PID].s, f[F_PID].len);
	}
	if (a->root == ROOT_COMM_TID) {
		buf_addc(&a->key, '/');
		buf_add(&a->key, f[F_TID].s, f[F_TID].len);
	}
	/* As stackcollapse-perf.pl does: a space would end the stack. */
	for (size_t i = 0; i < a->key.len; i++)
		if (a->key.s[i] == ' ')
			a->key.s[i] = '_';
	buf_addc(&a->key, '\t');
}

/*
 * The numbers of a sample line of nf fields (a ninth is its samples
 * column), checked (sample_nums.h) and added to the totals: the weight and
 * cpu the stack gets are in *w and *c, the samples in *n.
 */
static void
sample_numbers(struct agg *a, const struct lreader *lr, const struct field *f,
    size_t nf, int64_t *w, int64_t *c, int64_t *n)
{
	struct sample_nums sn;
	const char *why;

	if (sample_nums(f, nf, &sn, &why) == -1)
		lr_fail(lr, "%s", why);
	if (sn.has_cpu)
		a->t.has_cpu = 1;
	/* --cpu for the table: the cpu time is the weight. */
	if (a->cpu_count && !a->collapsed)
		sn.weight = sn.cpu;
	if (sn_add(&sn, &a->t.samples, &a->t.weight, &a->t.cpu) == -1)
		lr_fail(lr, SN_OVERFLOW);
	*w = sn.weight;
	*c = sn.cpu;
	*n = sn.samples;
}

/* A sample line of nf fields (a ninth is its samples column). */
static void
sample(struct agg *a, const struct lreader *lr, const struct field *f,
    size_t nf)
{
	int64_t w, c, n;
	uint32_t id;

	sample_numbers(a, lr, f, nf, &w, &c, &n);
	if (f[F_STACK].len == 0) {
		a->t.empty += n;	/* cannot overflow: samples did not */
		if (a->root == ROOT_NONE)
			return;
	}
	if (a->root != ROOT_NONE) {
		root_key(a, f);
		buf_add(&a->key, f[F_STACK].s, f[F_STACK].len);
		id = stack_id(a, lr, a->key.s, a->key.len);
	} else
		id = stack_id(a, lr, f[F_STACK].s, f[F_STACK].len);
	/* Cannot overflow: the totals did not. */
	a->sv[id].w += w;
	a->sv[id].c += c;
}

/* Start loading the sums of stack id (samples_ahead.h). */
static void
fast_prefetch(void *arg, uint32_t id)
{
	struct agg *a = arg;

	__builtin_prefetch(&a->sv[id]);
}

/*
 * Count a split line in its turn.  Returns 0 when it was counted, -1 when
 * it must take the general path (a new stack), nothing changed.
 */
static int
fast_count(void *arg, const struct lreader *lr, const struct sample_ahead *h)
{
	struct agg *a = arg;
	const struct field *f = h->f;
	const char *p = f[F_STACK].s;
	size_t n = f[F_STACK].len;
	int64_t w, c, ns, id;

	if (n == 0) {
		/* No tab in the stack: the line has nf fields. */
		sample_numbers(a, lr, f, h->nf, &w, &c, &ns);
		a->t.empty += ns;
		return 0;
	}
	/*
	 * No "same as the last line" shortcut here: it hits one line in
	 * eight, and keeping it costs a load from the table for every line.
	 */
	if ((id = st_find_hashed(a->stacks, p, n, h->hash)) < 0)
		return -1;
	sample_numbers(a, lr, f, h->nf, &w, &c, &ns);
	a->sv[id].w += w;
	a->sv[id].c += c;
	return 0;
}
static void
table_row(struct agg *a, const struct lreader *lr, const char *line,
    size_t len)
{
	struct agg_line al;
	uint32_t id;

	if (a->collapsed)
		lr_fail(lr, "an aggregate table cannot be made into folded "
		    "stacks; use the samples");
	if (a->image != NULL)
		lr_fail(lr, "--image needs samples, not an aggregate table");
	if (a->no_lib)
		lr_fail(lr, "--no-lib needs samples, not an aggregate table");
	if (a->no_lines)
		lr_fail(lr, "--no-lines needs samples, not an aggregate table");
	if (a->npats > 0)
		lr_fail(lr, "--lines needs samples, not an aggregate table");
	if (a->cpu_count)
		lr_fail(lr, "--cpu needs samples, not an aggregate table");
	agg_table_line(lr, line, len, &al);
	id = frame_row(a, al.frame.s, al.frame.len);
	agg_row_add(&a->fr[id], &al);
}

/* One line, the general way. */
static void
one_line(void *arg, const struct lreader *lr, const char *line, size_t len)
{
	struct agg *a = arg;
	struct field f[SAMPLE_MAXFIELDS];
	size_t nf;

	if (len > 0 && line[0] == '#') {
		header(a, lr, line, len);
		return;
	}
	nf = split_tabs(line, len, f, SAMPLE_MAXFIELDS);
	if (nf == SAMPLE_NFIELDS || nf == SAMPLE_MAXFIELDS)
		sample(a, lr, f, nf);
	else if (nf == AGG_NFIELDS)
		table_row(a, lr, line, len);
	else if (len == 0)
		lr_fail(lr, "empty line");
	else
		lr_fail(lr, "%s fields: a sample line has %d or %d, "
		    "an aggregate line %d", nf > SAMPLE_MAXFIELDS ?
		    "too many" : "wrong number of",
		    SAMPLE_NFIELDS, SAMPLE_MAXFIELDS, AGG_NFIELDS);
}

static void
read_input(struct agg *a, const char *path)
{
	struct samples_ahead_ops ops = {
		.stacks = a->stacks,
		.prefetch = fast_prefetch,
		/* --root keys a stack by more than its string. */
		.fast = a->root == ROOT_NONE ? fast_count : NULL,
		.line = one_line,
		.arg = a
	};
	struct lreader *lr;

	if ((lr = lr_open(path)) == NULL)
		exit(1);
	a->have_last = 0;
	samples_ahead_read(lr, &ops);
	lr_close(lr);
	a->have_last = 0;
}

/* Count a stack's weight once towards a row's total. */
static void
count_total(struct agg *a, uint32_t row, size_t id, int64_t w, int64_t c)
{
	struct agg_row *r = &a->fr[row];

	if (r->stamp != id + 1) {
		r->stamp = (uint32_t)(id + 1);
		agg_add(&r->total, w);
		agg_add(&r->cpu_total, c);
	}
}

/*
 * The rows of one frame in --lines mode: the function's (*fr) and the
 * function and line's (*lr, UINT32_MAX without a line); both UINT32_MAX
 * when the function does not match.
 */
static void
line_rows(struct agg *a, const char *s, size_t n, uint32_t *fr, uint32_t *lr)
{
	struct fparts p;
	const char *fs;
	size_t fn;

	*fr = *lr = UINT32_MAX;
	frame_parts(s, n, &p);
	if (!wanted(a, p.fn, p.fnlen))
		return;
	fs = p.fn;
	fn = p.fnlen;
	if (a->no_lib)
		strip_lib(&fs, &fn);
	*fr = frame_row(a, fs, fn);
	if (p.line == NULL)
		return;
	buf_reset(&a->fkey);
	buf_add(&a->fkey, fs, fn);
	buf_adds(&a->fkey, " @ ");
	buf_add(&a->fkey, p.line, p.linelen);
	*lr = frame_row(a, a->fkey.s, a->fkey.len);
}

/*
 * A frame as -L and --no-lines make it; *fs may then point into a.fkey,
 * valid until the next call.
 */
static void
plain_key(struct agg *a, const char **fs, size_t *fn)
{
	if (a->no_lines) {
		struct fparts p;

		frame_parts(*fs, *fn, &p);
		if (p.line != NULL) {
			buf_reset(&a->fkey);
			buf_add(&a->fkey, p.fn, p.fnlen);
			if (p.inlined)
				buf_adds(&a->fkey, " (inlined)");
			*fs = a->fkey.s;
			*fn = a->fkey.len;
		}
	}
	if (a->no_lib)
		strip_lib(fs, fn);
}

/* The row of one frame in the other modes. */
static uint32_t
plain_row(struct agg *a, const char *fs, size_t fn)
{
	plain_key(a, &fs, &fn);
	return frame_row(a, fs, fn);
}

/*
 * Split each distinct stack into frames and fill the frame table.  Rows are
 * held by id: a.fr moves when it grows.  A stack's self goes to the rows of
 * its leaf, or with -i of its innermost frame of the image; with --lines,
 * only when that frame's function matches.
 */
static void
count_frames(struct agg *a)
{
	size_t nst = st_count(a->stacks);

	for (size_t id = 0; id < nst; id++) {
		size_t len;
		const char *s = st_str(a->stacks, (uint32_t)id, &len);
		const char *p = s, *end = s + len;
		int64_t w = a->sv[id].w, c = a->sv[id].c;
		uint32_t leaf[2] = { UINT32_MAX, UINT32_MAX };
		uint32_t img[2] = { UINT32_MAX, UINT32_MAX };
		int have_img = 0;
		const uint32_t *self;

		for (;;) {
			const char *q = frame_end(p, end);
			size_t fn = (size_t)(q - p);
			int mine = a->image != NULL && in_image(a, p, fn);

			if (a->npats > 0)
				line_rows(a, p, fn, &leaf[0], &leaf[1]);
			else
				leaf[0] = plain_row(a, p, fn);
			for (int k = 0; k < 2; k++)
				if (leaf[k] != UINT32_MAX)
					count_total(a, leaf[k], id, w, c);
			if (mine) {
				img[0] = leaf[0];
				img[1] = leaf[1];
				have_img = 1;
			}
			if (q == end)
				break;
			p = q + 1;
		}
		self = have_img ? img : leaf;
		for (int k = 0; k < 2; k++)
			if (self[k] != UINT32_MAX) {
				agg_add(&a->fr[self[k]].self, w);
				agg_add(&a->fr[self[k]].cpu_self, c);
			}
	}
}

static void
write_table(struct agg *a)
{
	if (a->npats > 0)
		check_lines(a);
	count_frames(a);
	agg_write_table(a->headers, &a->t, a->frames, a->fr);
}

static struct strtab *sort_st;

static int
str_cmp(const void *pa, const void *pb)
{
	uint32_t ia = *(const uint32_t *)pa, ib = *(const uint32_t *)pb;
	const char *sa, *sb;
	size_t na, nb;

	sa = st_str(sort_st, ia, &na);
	sb = st_str(sort_st, ib, &nb);
	return agg_frame_cmp(sa, na, sb, nb);
}

/*
 * Folded stacks: each distinct key becomes "root;frame;frame", names in the
 * folded form of escape.h; keys that fold alike are merged.
 */
static void
write_folded(struct agg *a)
{
	struct strtab *folded = st_new();
	int64_t *count = NULL;
	size_t cap = 0, nst = st_count(a->stacks), nf;
	uint32_t *order;
	struct buf b = { 0 };

	for (size_t id = 0; id < nst; id++) {
		size_t len;
		const char *s = st_str(a->stacks, (uint32_t)id, &len);
		const char *p = s, *end = s + len;
		int64_t v = a->cpu_count ? a->sv[id].c : a->sv[id].w;
		int added;
		uint32_t fid;

		if (v == 0)
			continue;
		buf_reset(&b);
		if (a->root != ROOT_NONE) {
			const char *tab = memchr(s, '\t', len);

			fold_append(&b, s, (size_t)(tab - s));
			p = tab + 1;
		}
		/* With a root, an empty stack leaves the root alone. */
		if (p < end || a->root == ROOT_NONE) {
			int first = a->root == ROOT_NONE;

			for (;;) {
				const char *q = frame_end(p, end), *fs = p;
				size_t fn = (size_t)(q - p);

				plain_key(a, &fs, &fn);
				if (!first)
					buf_addc(&b, ';');
				first = 0;
				fold_append(&b, fs, fn);
				if (q == end)
					break;
				p = q + 1;
			}
		}
		fid = st_intern(folded, b.s, b.len, &added);
		if (added) {
			xgrow(&count, &cap, (size_t)fid + 1, sizeof(*count));
			count[fid] = 0;
		}
		agg_add(&count[fid], v);
	}
	nf = st_count(folded);
	order = xreallocarray(NULL, nf, sizeof(*order));
	for (size_t i = 0; i < nf; i++)
		order[i] = (uint32_t)i;
	sort_st = folded;
	if (nf > 1)
		qsort(order, nf, sizeof(*order), str_cmp);
	for (size_t i = 0; i < nf; i++) {
		size_t len;
		const char *s = st_str(folded, order[i], &len);

		fwrite(s, 1, len, stdout);
		printf(" %" PRId64 "\n", count[order[i]]);
	}
	buf_free(&b);
	free(order);
	free(count);
	st_free(folded);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "collapsed",	no_argument,		NULL,	'c' },
		{ "cpu",	no_argument,		NULL,	'C' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "image",	required_argument,	NULL,	'i' },
		{ "lines",	required_argument,	NULL,	'l' },
		{ "no-lib",	no_argument,		NULL,	'L' },
		{ "no-lines",	no_argument,		NULL,	'N' },
		{ "root",	required_argument,	NULL,	'r' },
		{ NULL,		0,			NULL,	0 }
	};
	struct agg a = { 0 };
	size_t patcap = 0;
	int ch;

	while ((ch = getopt_long(argc, argv, "chVi:l:Lr:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'C':
			a.cpu_count = 1;
			break;
		case 'c':
			a.collapsed = 1;
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'i':
			a.image = optarg;
			a.image_len = strlen(optarg);
			if (a.image_len == 0)
				errx(1, "--image: empty library name");
			if (strchr(optarg, '!') != NULL)
				errx(1, "--image: not a library name: %s",
				    optarg);
			break;
		case 'l':
			xgrow(&a.pats, &patcap, a.npats + 1, sizeof(*a.pats));
			memset(&a.pats[a.npats], 0, sizeof(a.pats[a.npats]));
			esc_append(&a.pats[a.npats], optarg, strlen(optarg));
			a.npats++;
			break;
		case 'L':
			a.no_lib = 1;
			break;
		case 'N':
			a.no_lines = 1;
			break;
		case 'r':
			a.root = ROOT_NONE;
			for (size_t i = 1; i < SP_NELEM(root_names); i++)
				if (strcmp(optarg, root_names[i]) == 0)
					a.root = (enum root_mode)i;
			if (a.root == ROOT_NONE)
				errx(1, "--root: unknown mode: %s (process, "
				    "thread, comm-pid or comm-tid)", optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	if (!a.collapsed && a.root != ROOT_NONE)
		errx(1, "--root applies to --collapsed output only");
	if (a.collapsed && a.image != NULL)
		errx(1, "--image applies to the table only, not to "
		    "--collapsed output");
	if (a.collapsed && a.npats > 0)
		errx(1, "--lines applies to the table only, not to "
		    "--collapsed output");
	if (a.no_lines && a.npats > 0)
		errx(1, "--lines and --no-lines do not go together");

	a.headers = st_new();
	a.stacks = st_new();
	a.frames = st_new();
	if (argc == 0)
		read_input(&a, "-");
	for (int i = 0; i < argc; i++)
		read_input(&a, argv[i]);
	if (a.cpu_count && !a.collapsed && !a.t.has_cpu)
		errx(1, "--cpu: no input line has a cpu value");
	if (a.collapsed)
		write_folded(&a);
	else
		write_table(&a);
	finish_stdout();
	return 0;
}
