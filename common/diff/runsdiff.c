/* runsdiff.c: reading the data lines of a runs-diff table (runsdiff.h). */
#include <math.h>
#include <string.h>

#include "base/util.h"
#include "diff/runsdiff.h"

static const char *const verdicts[] = { "grew", "shrank", "~", "?", "-" };

int
rd_parse_line(const char *line, size_t len, struct rd_line *rl,
    const char **why)
{
	struct field f[RD_NFIELDS];
	size_t n = split_tabs(line, len, f, RD_NFIELDS);

	if (n != RD_NFIELDS) {
		*why = n < RD_NFIELDS ? "too few fields for a runs-diff line" :
		    "too many fields for a runs-diff line";
		return -1;
	}
	for (int part = 0; part < 2; part++) {
		const struct field *pf = &f[part * RD_PART_FIELDS];
		struct rd_part *p = &rl->part[part];
		double *nums[] = { &p->a, &p->b, &p->change, &p->lo, &p->hi,
		    &p->p, &p->q, &p->mde };
		const struct field *v = &pf[RD_PART_FIELDS - 1];
		size_t k;

		for (size_t i = 0; i < SP_NELEM(nums); i++) {
			if (pf[i].len == 1 && pf[i].s[0] == '-') {
				*nums[i] = NAN;
				continue;
			}
			if (parse_double(pf[i].s, pf[i].len, nums[i]) == -1 ||
			    !isfinite(*nums[i])) {
				*why = "a figure is not a number";
				return -1;
			}
		}
		for (k = 0; k < SP_NELEM(verdicts); k++)
			if (v->len == strlen(verdicts[k]) &&
			    memcmp(v->s, verdicts[k], v->len) == 0)
				break;
		if (k == SP_NELEM(verdicts)) {
			*why = "a verdict is not grew, shrank, ~, ? or -";
			return -1;
		}
		memcpy(p->verdict, v->s, v->len);
		p->verdict[v->len] = '\0';
	}
	rl->frame = f[RD_NFIELDS - 1];
	return 0;
}
