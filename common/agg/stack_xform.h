/*
 * stack_xform.h: transforms of a stack (sp-filter(1)), applied one after the
 * other in the order they were added.  Stacks and frames are in their escaped
 * form (sp(5)): a stack is frames separated by unescaped ';', root first, and
 * the empty string is the empty stack.  A transform may drop the sample (the
 * filters) or rewrite its stack (the others); every frame of a result is a
 * span of the input stack, so a result is never longer than its input.
 *
 * A frame argument is an escaped frame and names frames by the rule of
 * framematch.h (the whole frame, the NAME of LIB!NAME, or a shell pattern).
 */
#ifndef SP_STACK_XFORM_H
#define SP_STACK_XFORM_H

#include <stddef.h>

#include "base/buf.h"

struct fmatch;

enum xf_kind {
	XF_MERGE,		/* remove the frame, callees join the caller */
	XF_ROOT_AT,		/* samples with the frame, from its first one */
	XF_DROP,		/* drop samples containing the frame */
	XF_KEEP,		/* keep samples containing the frame */
	XF_KEEP_ANY,		/* ... one of the frames of a ';' list */
	XF_KEEP_PREFIX,		/* ... whose stack begins with the list */
	XF_KEEP_LEAF,		/* ... whose leaf is the frame */
	XF_COLLAPSE_REC,	/* F;F;F -> F, for this frame */
	XF_COLLAPSE_REC_ALL,	/* the same for every frame (no argument) */
	XF_COLLAPSE_INDIRECT,	/* F;...;F -> F */
	XF_COLLAPSE_LIB,	/* runs of frames of library LIB -> LIB */
	XF_HIDE,		/* remove matching frames */
	XF_PRUNE_FROM,		/* cut the callees of the first match */
	XF_SKIP_AFTER,		/* cut the callers of the first match */
};

struct xf_list;

struct xf_list *xf_new(void);
void	 xf_free(struct xf_list *);
/*
 * Add a transform; arg is its frame, library or ';' list (NULL for
 * XF_COLLAPSE_REC_ALL), as the user wrote it, kept (not copied).  Returns 0,
 * or -1 with *why set to a static reason (a bad escape, an empty list).
 */
int	 xf_add(struct xf_list *, enum xf_kind, const char *arg,
	    const char **why);
size_t	 xf_count(const struct xf_list *);
/*
 * Note which arguments name a frame of the stack s[0..n) as it was read
 * (before any transform): call once per distinct stack.
 */
void	 xf_note(struct xf_list *, const char *s, size_t n);
/*
 * The first argument of the i-th transform that named no frame noted (for
 * XF_COLLAPSE_LIB: no library), or NULL.
 */
const struct fmatch *xf_unnamed(const struct xf_list *, size_t i);
/*
 * Apply every transform to the stack s[0..n).  Returns 1 with the result in
 * out (reset first), or 0 when the sample is dropped.
 */
int	 xf_apply(struct xf_list *, const char *s, size_t n, struct buf *out);

#endif
