/*
 * agg_modes.c: sp-aggregate's modes (agg/agg_modes.h): sample streams and
 * aggregate tables in, one aggregate table (or folded stacks for
 * flamegraph.pl) out.  Formats: sp(5).
 *
 * Input data lines are told apart by their number of fields:
 *
 *	process pid thread tid time weight cpu stack	(a sample, 8 fields)
 *	self total cpu_self cpu_total frame		(a table row, 5 fields)
 *
 * The reading and summing is the aggregation engine's (agg/aggregate.h),
 * which sp-diff reads through too: memory grows with the number of
 * distinct stacks, never with the number of samples.  What this file adds
 * are the modes: the root frame of -r, the cpu weight of --cpu and the
 * refusal of tables are options of the engine; -i, -l, -L and --no-lines
 * say which rows a frame counts in (hooks of agg_finish); the folded
 * output of -c is written here, the table by agg_write_table.
 *
 * Frames written by sp-symbolize -l carry their source line: "LIB!NAME @
 * FILE:LINE", then " (inlined)" when inlined.  --no-lines drops the line, so
 * that a function is one row; --lines PATTERN keeps only the functions whose
 * NAME contains PATTERN, one row per function (line dropped) and one per
 * function and line, " (inlined)" dropped from both: a line-level table.
 *
 * Nothing is written before all input has been read, so a bad line leaves
 * standard output empty.
 *
 * May use base, stream and agg.
 */
#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/agg_modes.h"
#include "agg/aggregate.h"
#include "agg/framematch.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/stream.h"

static const char *const root_names[] = {
	"", "process", "thread", "comm-pid", "comm-tid"
};

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
wanted(const struct agg_modes *o, const char *fn, size_t n)
{
	const char *bang = memchr(fn, '!', n);

	if (bang != NULL) {
		n -= (size_t)(bang + 1 - fn);
		fn = bang + 1;
	}
	for (size_t i = 0; i < o->npats; i++)
		if (contains(fn, n, &o->pats[i]))
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
check_lines(const struct agg_modes *o)
{
	const struct agg *a = o->a;
	size_t nst = st_count(a->stacks);
	int bad = 0;

	for (size_t k = 0; k < o->npats; k++) {
		struct fmatch fm;
		struct fm_near nr;
		int found = 0;

		fm_init(&fm, o->pats[k].s, o->pats[k].len);
		fm_near_init(&nr, &fm);
		for (size_t id = 0; id < nst && !found; id++) {
			size_t len;
			const char *s = st_str(a->stacks, (uint32_t)id, &len);
			const char *p = s, *end = s + len, *q;

			if (a->root != AGG_ROOT_NONE)
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
				if (contains(fn, n, &o->pats[k])) {
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

/*
 * The rows of one frame in --lines mode (agg_rows_fn): the function's
 * (rows[0]) and the function and line's (rows[1], none without a line);
 * none when the function does not match.
 */
static void
line_rows(struct agg *a, void *arg, const char *s, size_t n, uint32_t rows[2])
{
	struct agg_modes *o = arg;
	struct fparts p;
	const char *fs;
	size_t fn;

	frame_parts(s, n, &p);
	if (!wanted(o, p.fn, p.fnlen))
		return;
	fs = p.fn;
	fn = p.fnlen;
	if (o->no_lib)
		strip_lib(&fs, &fn);
	rows[0] = agg_frame_row(a, fs, fn);
	if (p.line == NULL)
		return;
	buf_reset(&o->fkey);
	buf_add(&o->fkey, fs, fn);
	buf_adds(&o->fkey, " @ ");
	buf_add(&o->fkey, p.line, p.linelen);
	rows[1] = agg_frame_row(a, o->fkey.s, o->fkey.len);
}

/*
 * A frame as -L and --no-lines make it; *fs may then point into o->fkey,
 * valid until the next call.
 */
static void
plain_key(struct agg_modes *o, const char **fs, size_t *fn)
{
	if (o->no_lines) {
		struct fparts p;

		frame_parts(*fs, *fn, &p);
		if (p.line != NULL) {
			buf_reset(&o->fkey);
			buf_add(&o->fkey, p.fn, p.fnlen);
			if (p.inlined)
				buf_adds(&o->fkey, " (inlined)");
			*fs = o->fkey.s;
			*fn = o->fkey.len;
		}
	}
	if (o->no_lib)
		strip_lib(fs, fn);
}

/* The row of one frame with -L or --no-lines (agg_rows_fn). */
static void
plain_rows(struct agg *a, void *arg, const char *s, size_t n, uint32_t rows[2])
{
	plain_key(arg, &s, &n);
	rows[0] = agg_frame_row(a, s, n);
}

/*
 * The table: the frames' rows as the options make them (the engine's
 * agg_finish with the hooks above), sorted and written.
 */
static void
write_table(struct agg_modes *o)
{
	struct agg *a = o->a;

	if (o->npats > 0) {
		check_lines(o);
		a->frame_rows = line_rows;
	} else if (o->no_lib || o->no_lines)
		a->frame_rows = plain_rows;
	a->frame_rows_arg = o;
	agg_finish(a);
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
write_folded(struct agg_modes *o)
{
	const struct agg *a = o->a;
	struct strtab *folded = st_new();
	int64_t *count = NULL;
	size_t cap = 0, nst = st_count(a->stacks), nf;
	uint32_t *order;
	struct buf b = { 0 };

	for (size_t id = 0; id < nst; id++) {
		size_t len;
		const char *s = st_str(a->stacks, (uint32_t)id, &len);
		const char *p = s, *end = s + len;
		int64_t v = o->cpu_count ? a->sv[id].c : a->sv[id].w;
		int added;
		uint32_t fid;

		if (v == 0)
			continue;
		buf_reset(&b);
		if (a->root != AGG_ROOT_NONE) {
			const char *tab = memchr(s, '\t', len);

			fold_append(&b, s, (size_t)(tab - s));
			p = tab + 1;
		}
		/* With a root, an empty stack leaves the root alone. */
		if (p < end || a->root == AGG_ROOT_NONE) {
			int first = a->root == AGG_ROOT_NONE;

			for (;;) {
				const char *q = frame_end(p, end), *fs = p;
				size_t fn = (size_t)(q - p);

				plain_key(o, &fs, &fn);
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
agg_root_parse(const char *s, enum agg_root *root)
{
	for (size_t i = 1; i < SP_NELEM(root_names); i++)
		if (strcmp(s, root_names[i]) == 0) {
			*root = (enum agg_root)i;
			return 0;
		}
	return -1;
}

void
agg_modes_run(struct agg_modes *o, char **files, int nfiles)
{
	struct agg *a = o->a;

	a->weight_is_cpu = o->cpu_count && !o->collapsed;
	a->table_refused = o->collapsed ? "an aggregate table cannot be made "
	    "into folded stacks; use the samples" :
	    a->image != NULL ? "--image needs samples, not an aggregate table" :
	    o->no_lib ? "--no-lib needs samples, not an aggregate table" :
	    o->no_lines ? "--no-lines needs samples, not an aggregate table" :
	    o->npats > 0 ? "--lines needs samples, not an aggregate table" :
	    o->cpu_count ? "--cpu needs samples, not an aggregate table" : NULL;
	if (nfiles == 0)
		agg_read(a, "-");
	for (int i = 0; i < nfiles; i++)
		agg_read(a, files[i]);
	if (o->cpu_count && !o->collapsed && !a->t.has_cpu)
		errx(1, "--cpu: no input line has a cpu value");
	if (o->collapsed)
		write_folded(o);
	else
		write_table(o);
	finish_stdout();
}

void
agg_modes_free(struct agg_modes *o)
{
	for (size_t i = 0; i < o->npats; i++)
		buf_free(&o->pats[i]);
	free(o->pats);
	buf_free(&o->fkey);
	agg_free(o->a);
	o->a = NULL;
}
