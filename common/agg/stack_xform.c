/*
 * stack_xform.c: the transforms of stack_xform.h.
 *
 * A stack is split once into a vector of frame spans; each transform then
 * rewrites the vector in place (frames only ever go away, or shrink to their
 * library prefix), and the survivors are joined at the end.  Nothing here is
 * cached: sp-filter calls xf_apply once per distinct stack.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "agg/framematch.h"
#include "agg/stack_xform.h"
#include "base/util.h"

struct span {
	const char *s;
	size_t	 n;
};

struct xf {
	enum xf_kind kind;
	struct fmatch *pats;	/* one, or the ';' list of KEEP_ANY/PREFIX */
	unsigned char *named;	/* pats[i] named a frame of the input */
	size_t	 npats;
};

struct xf_list {
	struct xf *v;
	size_t	 n, cap;
	struct span *fr;	/* the frames of the stack at hand */
	int	 all_named;	/* every argument named a frame (xf_note) */
	size_t	 frcap;
	struct buf scratch;
};

struct xf_list *
xf_new(void)
{
	return xcalloc(1, sizeof(struct xf_list));
}

void
xf_free(struct xf_list *l)
{
	if (l == NULL)
		return;
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].pats);
		free(l->v[i].named);
	}
	free(l->v);
	free(l->fr);
	buf_free(&l->scratch);
	free(l);
}

size_t
xf_count(const struct xf_list *l)
{
	return l->n;
}

/* Are the escapes of s[0..n) valid, and is there no raw tab or newline? */
static int
arg_ok(struct buf *scratch, const char *s, size_t n)
{
	buf_reset(scratch);
	return memchr(s, '\t', n) == NULL && memchr(s, '\n', n) == NULL &&
	    unesc_append(scratch, s, n) == 0;
}

int
xf_add(struct xf_list *l, enum xf_kind kind, const char *arg,
    const char **why)
{
	struct xf x = { kind, NULL, NULL, 0 };
	int list = kind == XF_KEEP_ANY || kind == XF_KEEP_PREFIX;

	if (kind != XF_COLLAPSE_REC_ALL) {
		const char *p = arg, *end = arg + strlen(arg);
		size_t cap = 0;

		if (!arg_ok(&l->scratch, arg, (size_t)(end - arg))) {
			*why = "bad escape (write a frame as sp-aggregate "
			    "prints it: \\\\, \\t, \\n, \\;)";
			return -1;
		}
		if (*arg == '\0') {
			*why = "empty argument";
			return -1;
		}
		for (;;) {
			const char *q = frame_end(p, end);

			if (q != end && !list) {
				*why = "a frame has no unescaped ';' "
				    "(write it as \\;)";
				free(x.pats);
				return -1;
			}
			xgrow(&x.pats, &cap, x.npats + 1, sizeof(*x.pats));
			fm_init(&x.pats[x.npats++], p, (size_t)(q - p));
			if (q == end)
				break;
			p = q + 1;
		}
		if (kind == XF_COLLAPSE_LIB &&
		    memchr(arg, '!', (size_t)(end - arg)) != NULL) {
			*why = "a library name has no '!'";
			free(x.pats);
			return -1;
		}
		x.named = xcalloc(x.npats, 1);
	}
	xgrow(&l->v, &l->cap, l->n + 1, sizeof(*l->v));
	l->v[l->n++] = x;
	return 0;
}

static int
span_eq(struct span a, struct span b)
{
	return a.n == b.n && memcmp(a.s, b.s, a.n) == 0;
}

static int
pat_match(const struct fmatch *pat, struct span f)
{
	return fm_match(pat, f.s, f.n);
}

/* The index of the first frame matching x's pattern, or n. */
static size_t
first_match(const struct xf *x, const struct span *fr, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (pat_match(&x->pats[0], fr[i]))
			break;
	return i;
}

/* The library of a frame: the span before its first '!', or n = 0. */
static struct span
lib_of(struct span f)
{
	const char *bang = memchr(f.s, '!', f.n);
	struct span l = { f.s, 0 };

	if (bang != NULL)
		l.n = (size_t)(bang - f.s);
	return l;
}

/*
 * Apply one transform to fr[0..*n).  Returns 0 when the sample is dropped.
 */
static int
apply_one(const struct xf *x, struct span *fr, size_t *np)
{
	size_t n = *np, i, j, k, m;

	switch (x->kind) {
	case XF_MERGE:
	case XF_HIDE:
		for (i = m = 0; i < n; i++)
			if (!pat_match(&x->pats[0], fr[i]))
				fr[m++] = fr[i];
		*np = m;
		return 1;
	case XF_ROOT_AT:
		if ((i = first_match(x, fr, n)) == n)
			return 0;
		memmove(fr, fr + i, (n - i) * sizeof(*fr));
		*np = n - i;
		return 1;
	case XF_SKIP_AFTER:
		if ((i = first_match(x, fr, n)) < n) {
			memmove(fr, fr + i, (n - i) * sizeof(*fr));
			*np = n - i;
		}
		return 1;
	case XF_PRUNE_FROM:
		if ((i = first_match(x, fr, n)) < n)
			*np = i + 1;
		return 1;
	case XF_DROP:
		return first_match(x, fr, n) == n;
	case XF_KEEP:
		return first_match(x, fr, n) < n;
	case XF_KEEP_ANY:
		for (i = 0; i < n; i++)
			for (k = 0; k < x->npats; k++)
				if (pat_match(&x->pats[k], fr[i]))
					return 1;
		return 0;
	case XF_KEEP_PREFIX:
		if (n < x->npats)
			return 0;
		for (k = 0; k < x->npats; k++)
			if (!pat_match(&x->pats[k], fr[k]))
				return 0;
		return 1;
	case XF_KEEP_LEAF:
		return n > 0 && pat_match(&x->pats[0], fr[n - 1]);
	case XF_COLLAPSE_REC:
	case XF_COLLAPSE_REC_ALL:
		for (i = m = 0; i < n; i++) {
			if (m > 0 && span_eq(fr[m - 1], fr[i]) &&
			    (x->kind == XF_COLLAPSE_REC_ALL ||
			    pat_match(&x->pats[0], fr[i])))
				continue;
			fr[m++] = fr[i];
		}
		*np = m;
		return 1;
	case XF_COLLAPSE_INDIRECT:
		/*
		 * For each matching frame from the root down, everything up
		 * to and including its innermost repetition goes, except the
		 * frame itself: A;F;B;F;C -> A;F;C.
		 */
		for (i = 0; i < n; i++) {
			if (!pat_match(&x->pats[0], fr[i]))
				continue;
			for (j = n - 1; j > i; j--)
				if (span_eq(fr[j], fr[i]))
					break;
			if (j > i) {
				memmove(fr + i + 1, fr + j + 1,
				    (n - j - 1) * sizeof(*fr));
				n -= j - i;
			}
		}
		*np = n;
		return 1;
	case XF_COLLAPSE_LIB: {
		struct span run = { NULL, 0 };
		int in_run = 0;

		for (i = m = 0; i < n; i++) {
			struct span lib = lib_of(fr[i]);

			if (lib.n == 0 || !pat_match(&x->pats[0], lib)) {
				in_run = 0;
				fr[m++] = fr[i];
				continue;
			}
			if (in_run && span_eq(run, lib))
				continue;
			run = lib;
			in_run = 1;
			fr[m++] = lib;
		}
		*np = m;
		return 1;
	}
	}
	return 1;
}

/* Split the stack s[0..n) into l->fr; returns the number of frames. */
static size_t
split(struct xf_list *l, const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	size_t nf = 0;

	if (n > 0)
		for (;;) {
			const char *q = frame_end(p, end);

			xgrow(&l->fr, &l->frcap, nf + 1, sizeof(*l->fr));
			l->fr[nf].s = p;
			l->fr[nf++].n = (size_t)(q - p);
			if (q == end)
				break;
			p = q + 1;
		}
	return nf;
}

void
xf_note(struct xf_list *l, const char *s, size_t n)
{
	size_t nf;

	if (l->all_named)
		return;
	nf = split(l, s, n);
	l->all_named = 1;
	for (size_t i = 0; i < l->n; i++) {
		struct xf *x = &l->v[i];

		for (size_t k = 0; k < x->npats; k++) {
			for (size_t j = 0; j < nf && !x->named[k]; j++)
				x->named[k] = (unsigned char)pat_match(
				    &x->pats[k], x->kind == XF_COLLAPSE_LIB ?
				    lib_of(l->fr[j]) : l->fr[j]);
			if (!x->named[k])
				l->all_named = 0;
		}
	}
}

const struct fmatch *
xf_unnamed(const struct xf_list *l, size_t i)
{
	const struct xf *x = &l->v[i];

	for (size_t k = 0; k < x->npats; k++)
		if (!x->named[k])
			return &x->pats[k];
	return NULL;
}

int
xf_apply(struct xf_list *l, const char *s, size_t n, struct buf *out)
{
	size_t nf = split(l, s, n);

	buf_reset(out);
	for (size_t i = 0; i < l->n; i++)
		if (!apply_one(&l->v[i], l->fr, &nf))
			return 0;
	for (size_t i = 0; i < nf; i++) {
		if (i > 0)
			buf_addc(out, ';');
		buf_add(out, l->fr[i].s, l->fr[i].n);
	}
	if (out->s == NULL)
		buf_add(out, "", 0);
	return 1;
}
