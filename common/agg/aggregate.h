/*
 * common/agg/: what is computed from a stream: sums per frame
 * (aggregate.h), the aggregate table they make, read and written
 * (aggtable.h), call trees (calltree.h), the call-tree transforms of
 * sp-filter (stack_xform.h), diff tables (difftable.h) and the shortening
 * of names for the terminal (shorten.h).  It uses base/ and stream/.
 */
/*
 * aggregate.h: the aggregation engine: sample streams and aggregate tables
 * (sp(5)) summed into one row per frame.  sp-aggregate and sp-diff read
 * through it; sp-aggregate's modes are options of it (the root frame of
 * -r, the cpu weight of --cpu, the refusal of tables) or hooks of
 * agg_finish (the rows a frame counts in: -l, -L, --no-lines; the frame
 * that gets the self: -i), its outputs are its own.
 *
 * Input lines are told apart by their number of fields: a sample (8
 * fields, or 9 with the samples column of "#sp samples 2") or a table row
 * (5 fields).  Memory grows with the distinct stacks, not with the
 * samples: a stack is interned once and its weight, cpu and samples
 * summed; agg_finish splits each distinct stack into frames, and a frame
 * counts once per stack towards its total (recursion), which the "last
 * stack seen" stamp of each row ensures without a per-stack set.  Table
 * rows add to the frame rows directly, so tables of parts sum to the
 * whole.
 *
 * The common sample, a stack seen before, is counted on the tuned path of
 * samples_ahead.h (lines split, hashed and their loads started some lines
 * ahead); only a new stack, a header or a table row takes the general way.
 */
#ifndef SP_AGGREGATE_H
#define SP_AGGREGATE_H

#include <stddef.h>
#include <stdint.h>

#include "agg/aggtable.h"
#include "base/buf.h"

/*
 * -r of sp-aggregate: stacks keyed by a root frame first, "ROOT\tSTACK",
 * made of the process or thread name, with the pid (and tid).
 */
enum agg_root { AGG_ROOT_NONE, AGG_ROOT_PROCESS, AGG_ROOT_THREAD,
    AGG_ROOT_COMM_PID, AGG_ROOT_COMM_TID };

struct agg_stack {
	int64_t	 w, c;		/* the stack's summed weight and cpu */
};

struct agg;

/*
 * The rows (ids of agg_frame_row) that the frame s[0..n) counts in, at most
 * two, set in rows[], which holds UINT32_MAX (none) on the call; without
 * the hook, the frame's own row.
 */
typedef void agg_rows_fn(struct agg *, void *arg, const char *s, size_t n,
    uint32_t rows[2]);

struct agg {
	/* Options, set before reading. */
	int	 want_time;	/* keep tmin and tmax */
	int	 weight_is_cpu;	/* a sample's cpu is its weight; #units so */
	enum agg_root root;	/* no fast path then: a key is more */
	const char *table_refused; /* a table row is refused with this */

	/* Options of agg_finish. */
	agg_rows_fn *frame_rows;
	void	*frame_rows_arg;
	const char *image;	/* the self goes to the innermost frame of */
	size_t	 image_len;	/* LIB, when a stack has one */

	struct agg_totals t;	/* the #total figures */
	int64_t	 table_rows;	/* aggregate table lines read */

	/* With want_time, the first and last sample times (ms) of the input. */
	int	 has_time;
	double	 tmin, tmax;

	/* Header lines other than the magic, #total and #columns. */
	struct strtab *headers;

	/* Distinct stacks (with -r, keys) and their sums. */
	struct strtab *stacks;
	struct agg_stack *sv;
	size_t	 svcap;
	int	 have_last;	/* the previous line's stack, for a quick hit */
	uint32_t last_id;
	const char *last_s;
	size_t	 last_len;
	struct buf key;		/* a -r key, a rewritten #units header */

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
/* The id of frame s[0..n)'s row, added (zeroed) if new; a->fr may move. */
uint32_t agg_frame_row(struct agg *, const char *s, size_t n);
/* Count the stacks read into the frame rows; call once, after reading. */
void	 agg_finish(struct agg *);

#endif
