/*
 * framematch.h: which frames a frame argument names, the one rule of every
 * tool that takes a frame (sp(5), "Frame arguments"): sp-tree --callers and
 * --callees, sp-filter's frame options, sp-diff --fail-frame, and through
 * them sp-hotspots --callers.
 *
 * An argument is written as sp-aggregate prints frames (escaped).  It names
 * a frame when it equals the whole frame ("app!parse") or, an argument
 * without '!', the frame's NAME after its "LIB!" ("parse" names app!parse
 * and libc!parse), or that NAME up to its parameter list, source line or
 * inline mark ("parse" names app!parse(char const*), app!parse @ p.c:7 and
 * app!parse (inlined)).  An
 * argument with '*', '?' or '[' is also a shell pattern (glob.h), matched
 * against the whole frame and the NAME ("*parse*", "app!parse_*").
 *
 * When an argument names no frame, the tool says so with the frames that
 * contain its text (fm_near), so that "count_primes" leads to
 * "hot::count_primes_naive", and exits 1.
 */
#ifndef SP_FRAMEMATCH_H
#define SP_FRAMEMATCH_H

#include <stddef.h>

/* The frames fm_near lists at most. */
#define FM_NEAR_MAX	5

struct fmatch {
	const char *s;		/* the argument, escaped, kept (not copied) */
	size_t	 n;
	int	 magic;		/* it has '*', '?' or '[' */
	int	 bare;		/* it has no '!': NAME is compared too */
};

/* The frames containing an argument's text, the shortest first. */
struct fm_near {
	char	*text;		/* the argument's longest literal run */
	size_t	 tn;
	struct fm_span {
		char	*s;
		size_t	 n;
	}	 best[FM_NEAR_MAX];
	size_t	 nbest;
};

void	 fm_init(struct fmatch *, const char *s, size_t n);
/* Does the argument name the escaped frame f[0..n)?  1 or 0. */
int	 fm_match(const struct fmatch *, const char *f, size_t n);

void	 fm_near_init(struct fm_near *, const struct fmatch *);
/* Offer one frame (each distinct frame once, in any order). */
void	 fm_near_add(struct fm_near *, const char *f, size_t n);
/*
 * Say on standard error that "OPT ARG" names no frame (or why, when why is
 * not NULL), with the frames offered that contain its text; frees what
 * fm_near holds.
 */
void	 fm_near_report(struct fm_near *, const char *opt,
	    const struct fmatch *, const char *why);
/* Free what fm_near holds, saying nothing. */
void	 fm_near_free(struct fm_near *);

#endif
