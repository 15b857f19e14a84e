/*
 * agg_modes.h: sp-aggregate's modes over the aggregation engine
 * (aggregate.h): the table, -i's one library, -l's line-level rows,
 * -L's frames without their library, --no-lines, and -c's folded stacks
 * for flamegraph.pl.
 *
 * May use base, stream and agg.
 */
#ifndef SP_AGG_MODES_H
#define SP_AGG_MODES_H

#include <stddef.h>

#include "agg/aggregate.h"
#include "base/buf.h"

/* The options, and the engine they drive. */
struct agg_modes {
	int	 collapsed;	/* -c: folded stacks, not a table */
	int	 cpu_count;	/* --cpu: weights of CPU time */
	int	 no_lib;
	int	 no_lines;
	struct buf *pats;	/* --lines patterns, escaped as frames are */
	size_t	 npats;
	struct buf fkey;	/* scratch: a frame's row key */
	struct agg *a;		/* the engine, its image and root set */
};

/*
 * The mode named s ("process", "thread", "comm-pid", "comm-tid") in
 * *root; -1 when s names none.
 */
int	 agg_root_parse(const char *s, enum agg_root *root);

/*
 * Read files[0..nfiles) (standard input when nfiles is 0) and write the
 * table or the folded stacks on standard output.  Bad input or options
 * that do not go together are one line on stderr and exit 1, with
 * nothing written.
 */
void	 agg_modes_run(struct agg_modes *o, char **files, int nfiles);
/* Free the patterns, the scratch key and the engine o->a. */
void	 agg_modes_free(struct agg_modes *o);

#endif
