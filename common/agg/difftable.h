/*
 * difftable.h: the diff table of sp-diff ("#sp diff 1", sp(5)): headers,
 * then one line per frame of either side,
 *
 *	self_a total_a self_b total_b delta_self delta_total pct_a pct_b z frame
 *
 * counts as integers (the deltas may be negative), pct_a, pct_b and z as
 * decimals, the frame escaped as escape.h says.  Ten fields, a number no
 * other data line of sp(5) has.
 */
#ifndef SP_DIFFTABLE_H
#define SP_DIFFTABLE_H

#include <stdint.h>

#include "stream/stream.h"

#define SP_DIFF_MAGIC	"#sp diff 1"
#define SP_DIFF_COLUMNS	"#columns\tself_a\ttotal_a\tself_b\ttotal_b\t" \
	"delta_self\tdelta_total\tpct_a\tpct_b\tz\tframe"

enum { D_SELF_A, D_TOTAL_A, D_SELF_B, D_TOTAL_B, D_DELTA_SELF,
    D_DELTA_TOTAL, D_PCT_A, D_PCT_B, D_Z, D_FRAME, DIFF_NFIELDS };

struct diff_line {
	int64_t	 self_a, total_a, self_b, total_b, delta_self, delta_total;
	double	 pct_a, pct_b, z;
	struct field frame;
};

/*
 * Parse a diff line.  Returns 0, or -1 with *why set to a static
 * description of what is wrong.
 */
int	 parse_diff_line(const char *line, size_t len, struct diff_line *,
	    const char **why);

#endif
