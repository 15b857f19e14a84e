/*
 * lost.h: the samples a recorder lost, as sp(5)'s "#lost LOST RECORDED"
 * header says them (perf's PERF_RECORD_LOST and LOST_SAMPLES records,
 * read_perfdata.c): read from a stream or table (summed over inputs),
 * written into a table or, per side, a diff table ("#lost SIDE LOST
 * RECORDED"), and said to people (sp-top's header, sp-flame's subtitle,
 * sp-record's last line).  May use base/ only.
 */
#ifndef SP_LOST_H
#define SP_LOST_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

struct lost {
	int64_t	 lost;		/* samples lost */
	int64_t	 recorded;	/* samples recorded */
	int	 any;		/* a #lost header was read */
};

/*
 * If line[0..len) is a #lost header, add it to l and return 1 (or -1 with
 * *why set when it is malformed); 0 when it is another line.
 */
int	 lost_header(struct lost *l, const char *line, size_t len,
	    const char **why);

/*
 * The same from a diff table's "#lost SIDE LOST RECORDED": the fields
 * after the side, lost and recorded.
 */
int	 lost_fields(struct lost *l, const char *lost, size_t nlost,
	    const char *rec, size_t nrec, const char **why);

/* l += from (the runs of a side summed); -1 with *why on overflow. */
int	 lost_add(struct lost *l, const struct lost *from, const char **why);

/* Append "#lost\tLOST\tRECORDED\n" to b when l has any. */
void	 lost_put(struct buf *b, const struct lost *l);
/* The same for side ("a" or "b") of a diff table: "#lost\tSIDE\t...". */
void	 lost_put_side(struct buf *b, const char *side, const struct lost *l);

/*
 * Append, when samples were lost, "lost 13.5% of samples (N of M): " and
 * the advice, without a newline; nothing otherwise.  Returns whether it
 * appended.
 */
int	 lost_say(struct buf *b, const struct lost *l);
/*
 * The same for the two sides of a diff: "a lost 13.5% of samples (N of
 * M), b lost ...: " and the advice, naming only the sides that lost any.
 */
int	 lost_say_sides(struct buf *b, const struct lost *a_side,
	    const struct lost *b_side);

#endif
