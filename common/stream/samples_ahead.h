/*
 * samples_ahead.h: reading a stream's lines for the aggregation engine
 * (agg/aggregate.c, of sp-aggregate and sp-diff), which sums samples by
 * stack, some lines ahead of their turn.
 *
 * The common sample line is split without splitting it whole: the seven
 * short fields before the stack by one loop, and the stack runs to the end
 * of the line, or to a last tab followed only by digits (the samples
 * column).  A stack found among those seen before holds no tab (each was
 * checked when first seen), so such a line has exactly the fields assumed
 * and the stack needs no scan for tabs.
 *
 * The stacks seen fill megabytes that no cache holds, and each sample's
 * lookup would wait for two loads from memory (the table's slot, then the
 * stored stack to compare): lines are split and hashed SA_AHEAD at a time
 * from the reader's buffer, and the loads of all of them started, before
 * lr_next hands out (and counts, for messages) the first.
 */
#ifndef SP_SAMPLES_AHEAD_H
#define SP_SAMPLES_AHEAD_H

#include <stddef.h>
#include <stdint.h>

#include "base/input.h"
#include "stream/stream.h"
#include "base/strtab.h"

/* A line split ahead of its turn. */
struct sample_ahead {
	const char *line;
	size_t	 len;
	int	 ok;		/* of the shape above (not a header) */
	size_t	 nf;		/* SAMPLE_NFIELDS or SAMPLE_MAXFIELDS */
	struct field f[SAMPLE_MAXFIELDS];
	uint64_t hash;		/* of the stack, when not empty */
};

struct samples_ahead_ops {
	/* The table of stacks seen, for the prefetches. */
	struct strtab *stacks;
	/* Start loading the caller's data of stack id (may be NULL). */
	void	(*prefetch)(void *arg, uint32_t id);
	/*
	 * Count a line split ahead (ok set): 0, or -1 when it must take
	 * the general path (a new stack), nothing changed.  NULL: every
	 * line the general way.
	 */
	int	(*fast)(void *arg, const struct lreader *,
		    const struct sample_ahead *);
	/* Any line, the general way. */
	void	(*line)(void *arg, const struct lreader *, const char *line,
		    size_t len);
	void	*arg;
};

/* Read every line of lr through ops; exits 1 after a read error. */
void	 samples_ahead_read(struct lreader *, const struct samples_ahead_ops *);

#endif
