/* difftable.c: reading the data lines of a diff table (difftable.h). */
#include <math.h>

#include "agg/difftable.h"
#include "base/util.h"

int
parse_diff_line(const char *line, size_t len, struct diff_line *dl,
    const char **why)
{
	struct field f[DIFF_NFIELDS];
	size_t n = split_tabs(line, len, f, DIFF_NFIELDS);
	int64_t *counts[] = { &dl->self_a, &dl->total_a, &dl->self_b,
	    &dl->total_b, &dl->delta_self, &dl->delta_total };
	double *reals[] = { &dl->pct_a, &dl->pct_b, &dl->z };

	if (n != DIFF_NFIELDS) {
		*why = n < DIFF_NFIELDS ? "too few fields for a diff line" :
		    "too many fields for a diff line";
		return -1;
	}
	for (size_t i = 0; i < SP_NELEM(counts); i++)
		if (parse_i64(f[i].s, f[i].len, counts[i]) == -1) {
			*why = "a count is not an integer";
			return -1;
		}
	if (dl->self_a < 0 || dl->total_a < 0 || dl->self_b < 0 ||
	    dl->total_b < 0) {
		*why = "a count is negative";
		return -1;
	}
	for (size_t i = 0; i < SP_NELEM(reals); i++)
		if (parse_double(f[D_PCT_A + i].s, f[D_PCT_A + i].len,
		    reals[i]) == -1 || !isfinite(*reals[i])) {
			*why = i < 2 ? "a share is not a number" :
			    "z is not a number";
			return -1;
		}
	dl->frame = f[D_FRAME];
	return 0;
}
