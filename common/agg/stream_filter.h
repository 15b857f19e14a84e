/*
 * stream_filter.h: sp-filter's filter: sample streams in, the same sample
 * stream out, narrowed to some threads and a time range and with its
 * stacks transformed (stack_xform.h), each distinct stack transformed once.
 *
 * May use base, stream and agg.
 */
#ifndef SP_STREAM_FILTER_H
#define SP_STREAM_FILTER_H

#include <stddef.h>
#include <stdint.h>

#include "agg/stack_xform.h"
#include "base/buf.h"
#include "base/strtab.h"

struct strlist {
	char	**v;
	size_t	 n;
};

struct stream_filter {
	/* Selections, as sp-flatten's. */
	struct strlist threads, processes, pids, tids;
	int	 has_from, has_to;
	double	 from, to;

	struct xf_list *xf;

	/* Distinct stacks, and what became of each: RES_* or an id in out. */
	struct strtab *stacks;
	uint32_t *res;
	size_t	 rescap;
	struct strtab *out;
	struct buf tmp;
	int	 have_last;	/* the previous line's stack, for a quick hit */
	const char *last_s;
	size_t	 last_len;
	uint32_t last_res;

	/* The previous line's who-fields and whether they were selected. */
	struct buf who;
	int	 who_ok, have_who;
	struct buf name;

	int	 version;	/* of the last magic line written, or 0 */
};
/* Add s (not copied) to l. */
void	 sf_strlist_add(struct strlist *l, char *s);

/* s as milliseconds for opt (--from, --to); not a number exits 1. */
double	 sf_parse_ms(const char *s, const char *opt);

/*
 * Filter files[0..nfiles) (standard input when nfiles is 0) to standard
 * output, f's selections and f->xf set.  A bad line is one line on stderr
 * naming file and line, and exit 1.
 */
void	 sf_run(struct stream_filter *f, char **files, int nfiles);

/*
 * Did the i-th transform (its option opt) name no frame of the samples
 * selected?  Then say so on stderr with the frames that contain its text,
 * and return 1; else 0.
 */
int	 sf_unnamed(struct stream_filter *f, size_t i, const char *opt);
/* Free what f holds (its lists, not their strings, which are not copied). */
void	 sf_free(struct stream_filter *f);

#endif
