/*
 * common/agg/: what is computed from a stream: sums per frame
 * (aggregate.h), the aggregate table they make, read and written
 * (aggtable.h), call trees (calltree.h), the call-tree transforms of
 * sp-filter (stack_xform.h), diff tables (difftable.h) and the shortening
 * of names for the terminal (shorten.h).  It uses base/ and stream/.
 */
/*
 * aggregate.h: sample streams and aggregate tables (sp(5)) summed into one
 * row per frame, for tools that compare or inspect profiles (sp-diff).
 *
 * Input lines are told apart by their number of fields, as sp-aggregate
 * does: a sample (8 fields, or 9 with the samples column of "#sp samples
 * 2") or a table row (5 fields).  Memory grows with the distinct stacks,
 * not with the samples: a stack is interned once and its weight, cpu and
 * samples summed; agg_finish splits each distinct stack into frames, and a
 * frame counts once per stack towards its total (recursion).  Table rows
 * add to the frame rows directly, so tables of parts sum to the whole.
 */
#ifndef SP_AGGREGATE_H
#define SP_AGGREGATE_H

#include <stddef.h>
#include <stdint.h>

#include "agg/aggtable.h"

struct agg_stack {
	int64_t	 w, c;		/* the stack's summed weight and cpu */
};

struct agg {
	struct agg_totals t;	/* the #total figures */
	int64_t	 table_rows;	/* aggregate table lines read */

	/* With want_time, the first and last sample times (ms) of the input. */
	int	 want_time, has_time;
	double	 tmin, tmax;

	/* Header lines other than the magic, #total and #columns. */
	struct strtab *headers;

	/* Distinct stacks and their sums. */
	struct strtab *stacks;
	struct agg_stack *sv;
	size_t	 svcap;
	int	 have_last;	/* the previous line's stack, for a quick hit */
	uint32_t last_id;
	const char *last_s;
	size_t	 last_len;

	/*
	 * Frames (after agg_finish, every frame of the input), and their
	 * rows: fr[id] for id < nfr, the rows of frames not seen being zero.
	 * The table may be shared with another agg (agg_new_sharing).
	 */
	struct strtab *frames;
	int	 own_frames;
	struct agg_row *fr;
	size_t	 frcap, nfr;
};

struct agg *agg_new(void);
/*
 * An agg whose frames go into other's frame table, so that the ids of the
 * frames of both are one numbering (a comparison needs no lookups across).
 */
struct agg *agg_new_sharing(struct agg *other);
void	 agg_free(struct agg *);
/*
 * Read one input (a path, "-" for standard input) into the sums.  A bad
 * line is reported as "prog: FILE:LINE: why" and the tool exits 1.
 */
void	 agg_read(struct agg *, const char *path);
/* Count the stacks read into the frame rows; call once, after reading. */
void	 agg_finish(struct agg *);

#endif
