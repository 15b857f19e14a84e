/*
 * aggtable.h: the aggregate table of sp(5) ("#sp aggregate 1"), read and
 * written in one place for every tool that does either: sp-aggregate
 * writes it, aggregate.c (sp-diff) and sp-top read it, sp-diff writes its
 * #total headers with a side.
 *
 *	#sp aggregate 1
 *	#total	samples	1003		(sp-diff's: #total	a	samples	1003)
 *	#total	weight	1000
 *	#total	cpu	812500000	("-" when no line had a cpu value)
 *	#total	empty	3
 *	#columns	self	total	cpu_self	cpu_total	frame
 *	400	450	300000000	350000000	lib!f
 *
 * Rows are sorted by self, then total, largest first, then by the frame's
 * bytes.  A bad line is reported as "prog: FILE:LINE: why" (lr_fail) and
 * the tool exits 1; a sum that would overflow is an error, never wrapped.
 */
#ifndef SP_AGGTABLE_H
#define SP_AGGTABLE_H

#include <err.h>
#include <stddef.h>
#include <stdint.h>

#include "agg/lost.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/strtab.h"
#include "stream/stream.h"

/* One row of a table: a frame's sums. */
struct agg_row {
	int64_t	 self, total, cpu_self, cpu_total;
	uint32_t stamp;		/* stack id + 1 of the last stack counted */
};

/* The #total figures. */
struct agg_totals {
	int64_t	 samples, weight, cpu, empty;
	int	 has_cpu;	/* "#total cpu N" read, or a sample's cpu */
	int	 has_counts;	/* "#total samples" or "#total weight" read */
	int	 any;		/* any well-formed #total header read */
	struct lost lost;	/* #lost headers, summed (lost.h) */
};

/* *sum += v, or exit 1 when it would overflow. */
static inline void
agg_add(int64_t *sum, int64_t v)
{
	if (__builtin_add_overflow(*sum, v, sum))
		errx(1, "a sum overflows 64 bits");
}

/* A "#total NAME VALUE" header line added to t. */
void	 agg_total_header(struct agg_totals *, const struct lreader *,
	    const char *line, size_t len);
/* The same from its NAME and VALUE fields (a diff table's has a side). */
void	 agg_total_field(struct agg_totals *, const struct lreader *,
	    const struct field *name, const struct field *value);
/*
 * A table row parsed and checked (counts not negative, the frame's escapes
 * valid) into *al.
 */
void	 agg_table_line(const struct lreader *, const char *line, size_t len,
	    struct agg_line *al);
/* al's counts added to r. */
void	 agg_row_add(struct agg_row *, const struct agg_line *al);

/* Frames in the order of their bytes (memcmp, then the shorter first). */
int	 agg_frame_cmp(const char *a, size_t an, const char *b, size_t bn);
/* Rows by self, then total, largest first; 0 when both are equal. */
int	 agg_row_cmp(const struct agg_row *, const struct agg_row *);

/* v in decimal: a table can have millions of numbers. */
void	 agg_put_i64(struct buf *, int64_t v);
/*
 * The #total headers of samples, weight and cpu, then with with_empty of
 * empty; side (NULL: none) after "#total", as a diff table has it.
 */
void	 agg_put_totals(struct buf *, const char *side,
	    const struct agg_totals *, int with_empty);
/* One row: "self total cpu_self cpu_total frame\n". */
void	 agg_put_row(struct buf *, const struct agg_row *, const char *frame,
	    size_t len);
/*
 * A whole table on standard output: the magic, the headers (one a string
 * of headers, in their order), the #total headers, the columns, and the
 * rows of frames (rows[id] the row of frame id), sorted.
 */
void	 agg_write_table(const struct strtab *headers, const struct agg_totals *,
	    const struct strtab *frames, const struct agg_row *rows);

#endif
