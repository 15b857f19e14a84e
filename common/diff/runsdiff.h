/*
 * runsdiff.h: the table of sp-diff over sets of runs ("#sp runs-diff 1",
 * sp(5)): headers, then one line per frame of any run,
 *
 *	self_a self_b self_change self_lo self_hi self_p self_q self_mde
 *	self_verdict total_a total_b total_change total_lo total_hi total_p
 *	total_q total_mde total_verdict frame
 *
 * the means of each side, their change (b - a) with its interval, p and
 * q, the minimum detectable effect, and the verdict ("grew", "shrank",
 * "~" within noise, "?" cannot tell, "-" not tested), of the frame's self
 * and of its total; numbers are decimals, "-" where not tested.  Nineteen
 * fields, a number no other data line of sp(5) has.  Written by runs.c,
 * read by sp-top (rd_parse_line).
 */
#ifndef SP_RUNSDIFF_H
#define SP_RUNSDIFF_H

#include <stddef.h>

#include "stream/stream.h"

#define SP_RUNSDIFF_MAGIC	"#sp runs-diff 1"
#define SP_RUNSDIFF_COLUMNS	"#columns\tself_a\tself_b\tself_change\t" \
	"self_lo\tself_hi\tself_p\tself_q\tself_mde\tself_verdict\t" \
	"total_a\ttotal_b\ttotal_change\ttotal_lo\ttotal_hi\ttotal_p\t" \
	"total_q\ttotal_mde\ttotal_verdict\tframe"

enum { RD_SELF, RD_TOTAL };
#define RD_PART_FIELDS	9
#define RD_NFIELDS	19

/* One part (self or total) of a line. */
struct rd_part {
	double	 a, b, change, lo, hi, p, q, mde;	/* NaN for "-" */
	char	 verdict[8];
};

struct rd_line {
	struct rd_part part[2];
	struct field frame;
};

/*
 * Parse a line of the table.  Returns 0, or -1 with *why set to a static
 * description of what is wrong.
 */
int	 rd_parse_line(const char *line, size_t len, struct rd_line *,
	    const char **why);

#endif
